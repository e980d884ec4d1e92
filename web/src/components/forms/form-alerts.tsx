// The alerts above an administration form: the message no field holds, and a 409 conflict with the
// record's current value and the two ways on (re-apply my changes on top of it, or take it as it is).
import type { ReactNode } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { FormProblem } from './call-problems';

export function FormErrorAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <div role="alert">
      <Alert type="error" statusIconAriaLabel="Error">
        {message}
      </Alert>
    </div>
  );
}

export interface ConflictAlertProps {
  message: string;
  /** The current value, as the user should read it. */
  current: ReactNode;
  /** Keeps the user's changes, now on top of the current value. */
  onReapply: () => void;
  /** Drops the user's changes and shows the current value. */
  onDiscard: () => void;
}

export const reapplyButtonText = 'Apply my changes on top';
export const discardButtonText = 'Use the current value';

export function ConflictAlert({ message, current, onReapply, onDiscard }: ConflictAlertProps) {
  return (
    <div role="alert">
      <Alert type="warning" statusIconAriaLabel="Warning" header="Changed by someone else">
        <SpaceBetween size="s">
          <Box variant="p">{message}</Box>
          <div aria-label="Current value" role="group">
            <Box variant="h3" fontSize="heading-xs" padding={{ bottom: 'xxs' }}>
              Current value
            </Box>
            {current}
          </div>
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={onReapply}>{reapplyButtonText}</Button>
            <Button variant="link" onClick={onDiscard}>
              {discardButtonText}
            </Button>
          </SpaceBetween>
        </SpaceBetween>
      </Alert>
    </div>
  );
}

export interface EditAlertsProps<Doc> {
  problem: FormProblem;
  conflict: { message: string; current: Doc } | undefined;
  /** The record as it is now, as the user should read it. */
  renderCurrent: (current: Doc) => ReactNode;
  onReapply: () => void;
  onDiscard: () => void;
}

/**
 * The alerts of a versioned edit: a conflict, then the message no field holds (a stale version too).
 * A list, not a component, so that a SpaceBetween spaces each alert as its own child.
 */
export function editAlerts<Doc>({
  problem,
  conflict,
  renderCurrent,
  onReapply,
  onDiscard,
}: EditAlertsProps<Doc>): ReactNode[] {
  return [
    conflict ? (
      <ConflictAlert
        key="conflict"
        message={conflict.message}
        current={renderCurrent(conflict.current)}
        onReapply={onReapply}
        onDiscard={onDiscard}
      />
    ) : null,
    <FormErrorAlert key="problem" message={problem.message ?? problem.fieldErrors.version} />,
  ];
}
