// The alert of a list that could not be loaded (tables, event lists), with the way to try again.
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';

/** A list that could not be loaded, with the way to try again. */
export function LoadErrorAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert">
      <Alert type="error" statusIconAriaLabel="Error" action={<Button onClick={onRetry}>Try again</Button>}>
        {message}
      </Alert>
    </div>
  );
}
