// The auto-save field's status icon (spec section 2): loading dots while an edit waits or saves, a green
// check once saved, a lock while the stored value changed under the editor (with both values and the
// 'Keep mine' / 'Take theirs' choice), a red cross after taking theirs, and a failed save. Each icon has a
// name read aloud; the conflict panel sits below the control so both values are readable before choosing.
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Icon from '@cloudscape-design/components/icon';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { AutoSave } from './use-auto-save';
import styles from './auto-save.module.css';

/** How a field's value reads in the conflict panel. */
export function defaultFormatValue(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '(empty)' : value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === undefined || value === null || value === '') return '(empty)';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value) ?? '';
}

export const autoSaveStatusLabels = {
  pending: 'Saving',
  saving: 'Saving',
  saved: 'Saved',
  conflict: 'Conflict',
  rejected: 'Rejected',
  failed: 'Save failed',
} as const;

/** The icon alone, for the field's label line. */
export function AutoSaveStatusIcon({ status }: { status: AutoSave<unknown>['status'] }) {
  switch (status) {
    case 'idle':
      return null;
    case 'pending':
    case 'saving':
      return <StatusIndicator type="loading" iconAriaLabel={autoSaveStatusLabels[status]} />;
    case 'saved':
      return <StatusIndicator type="success" iconAriaLabel={autoSaveStatusLabels.saved} />;
    case 'conflict':
      return (
        <span role="img" aria-label={autoSaveStatusLabels.conflict} title="Changed by someone else">
          <Icon name="lock-private" variant="warning" />
        </span>
      );
    case 'rejected':
      return <StatusIndicator type="error" iconAriaLabel={autoSaveStatusLabels.rejected} />;
    case 'failed':
      return <StatusIndicator type="error" iconAriaLabel={autoSaveStatusLabels.failed} />;
  }
}

export interface AutoSaveConflictPanelProps<T> {
  autoSave: AutoSave<T>;
  /** The field's name, for the buttons' names read aloud. */
  fieldLabel: string;
  formatValue?: (value: T) => string;
}

/** Both values and the two choices, while the lock shows. */
export function AutoSaveConflictPanel<T>({
  autoSave,
  fieldLabel,
  formatValue = defaultFormatValue,
}: AutoSaveConflictPanelProps<T>) {
  const { conflict } = autoSave;
  if (!conflict) return null;
  return (
    <Alert
      type="warning"
      header="Changed by someone else"
      action={
        <SpaceBetween direction="horizontal" size="xs">
          <Button onClick={autoSave.confirm} ariaLabel={`Keep mine: ${fieldLabel}`}>
            Keep mine
          </Button>
          <Button onClick={autoSave.reject} ariaLabel={`Take theirs: ${fieldLabel}`}>
            Take theirs
          </Button>
        </SpaceBetween>
      }
    >
      <SpaceBetween size="xxs">
        <div data-conflict-value="stored">
          <Box variant="awsui-key-label" display="inline">
            Stored:
          </Box>{' '}
          <span className={styles.value}>{formatValue(conflict.stored)}</span>
        </div>
        <div data-conflict-value="mine">
          <Box variant="awsui-key-label" display="inline">
            Yours:
          </Box>{' '}
          <span className={styles.value}>{formatValue(conflict.mine)}</span>
        </div>
      </SpaceBetween>
    </Alert>
  );
}

/** The icon and, during a conflict, the panel: for places without a FormField (a table cell). */
export function AutoSaveStatus<T>(props: AutoSaveConflictPanelProps<T>) {
  return (
    <SpaceBetween size="xs">
      <AutoSaveStatusIcon status={props.autoSave.status} />
      <AutoSaveConflictPanel {...props} />
    </SpaceBetween>
  );
}

/** The text under a field whose save failed (FormField errorText). */
export function autoSaveErrorText(autoSave: AutoSave<unknown>): string | undefined {
  if (autoSave.status !== 'failed' || autoSave.error === undefined) return undefined;
  return autoSave.retrying ? `Not saved yet: ${autoSave.error} Trying again…` : `Not saved: ${autoSave.error}`;
}
