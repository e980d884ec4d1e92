// A message area that screen readers announce: the live region is always in the page and the
// Cloudscape Alert appears inside it, as announcements need the region to exist first.
import Alert from '@cloudscape-design/components/alert';
import type { ReactNode } from 'react';

export interface LiveMessageProps {
  type: 'error' | 'success';
  message: string | undefined;
  /** Shown under the message, e.g. a link back to the sign-in screen. */
  action?: ReactNode;
  testId?: string;
}

export function LiveMessage({ type, message, action, testId }: LiveMessageProps) {
  return (
    <div
      role={type === 'error' ? 'alert' : 'status'}
      aria-live={type === 'error' ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-testid={testId}
      className="portal-live-message"
    >
      {message ? (
        <Alert type={type} statusIconAriaLabel={type === 'error' ? 'Error' : 'Success'} action={action}>
          {message}
        </Alert>
      ) : null}
    </div>
  );
}
