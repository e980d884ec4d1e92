// A curation field's frame as the auto-save fields draw it, for the fields the curation draws itself (the
// analyst's wording, tags, CVSS vectors): a group named after the field, the status icon beside the label, the
// field's problem below it, and the lock's panel when someone else saved the field meanwhile.
import type { ReactNode } from 'react';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import {
  AutoSaveConflictPanel,
  AutoSaveStatusIcon,
  autoSaveErrorText,
} from '../../../../components/auto-save/auto-save-status';
import type { AutoSave } from '../../../../components/auto-save/use-auto-save';

interface FrameProps<T> {
  autoSave: AutoSave<T>;
  label: string;
  description?: ReactNode;
  controlId?: string;
  formatValue?: (value: T) => string;
  /** A problem found before saving (the save's own problem shows otherwise). */
  problem?: string;
  children: ReactNode;
}

/**
 * A field's frame as the auto-save fields draw it: a group named after the field, the status icon beside the
 * label, the lock's panel below.
 */
export function CurationFieldFrame<T>({
  autoSave,
  label,
  description,
  controlId,
  formatValue,
  problem,
  children,
}: FrameProps<T>) {
  return (
    <div role="group" aria-label={label}>
      <FormField
        controlId={controlId}
        label={label}
        description={description}
        errorText={problem ?? autoSaveErrorText(autoSave as AutoSave<unknown>)}
        info={
          <span data-auto-save-status={autoSave.status}>
            <AutoSaveStatusIcon status={autoSave.status} />
          </span>
        }
        stretch
      >
        <SpaceBetween size="xs">
          {children}
          <AutoSaveConflictPanel autoSave={autoSave} fieldLabel={label} formatValue={formatValue} />
        </SpaceBetween>
      </FormField>
    </div>
  );
}
