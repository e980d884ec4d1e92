// Editing a user's access (type, level, companies, enabled and managed services), for both the
// company's member list and the platform's user list; the page says which fields and which call. The
// level choices stop at the editor's own level. A 409 conflict shows the current value, to re-apply
// the user's changes on top of it or take it as it is.
import type { FormEvent, ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Multiselect from '@cloudscape-design/components/multiselect';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import { userTypeLabel } from '../../../../lambdas/kernel/search/labels';
import { editAlerts } from '../forms/form-alerts';
import { FormModal } from '../forms/form-modal';
import { useVersionedEdit } from '../forms/use-versioned-edit';
import { levelLabel, levelOption, levelOptions } from './access-levels';
import { asUserRow, type UserRow } from './admin-records';
import { CompanyMultiselect } from './company-multiselect';
import { serviceListText, serviceOptions } from './service-labels';

export interface AccessValues {
  userType: string;
  accessLevel: number;
  companies: string[];
  servicesEnabled: string[];
  servicesManaged: string[];
}

export type AccessField = keyof AccessValues;

export function accessValuesOf(user: UserRow): AccessValues {
  return {
    userType: user.userType,
    accessLevel: user.accessLevel,
    companies: user.companies,
    servicesEnabled: user.servicesEnabled,
    servicesManaged: user.servicesManaged,
  };
}

// 'Analyst', 'Customer': the labels live with the search rules (the lists' filter matches what the cells say).
export { userTypeLabel };

const fieldLabels: Record<AccessField, string> = {
  userType: 'User type',
  accessLevel: 'Access level',
  companies: 'Companies',
  servicesEnabled: 'Enabled services',
  servicesManaged: 'Managed services',
};

function valueText(field: AccessField, values: AccessValues): string {
  switch (field) {
    case 'userType':
      return userTypeLabel(values.userType);
    case 'accessLevel':
      return levelLabel(values.accessLevel);
    case 'companies':
      return values.companies.length > 0 ? values.companies.join(', ') : 'None';
    default:
      return serviceListText(values[field]);
  }
}

export function AccessCurrentValue({ user, fields }: { user: UserRow; fields: readonly AccessField[] }) {
  const values = accessValuesOf(user);
  return (
    <KeyValuePairs
      columns={1}
      items={fields.map((field) => ({ label: fieldLabels[field], value: valueText(field, values) }))}
    />
  );
}

function pick(values: AccessValues, keys: readonly AccessField[]): Partial<AccessValues> {
  const change: Partial<AccessValues> = {};
  for (const key of keys) Object.assign(change, { [key]: values[key] });
  return change;
}

export interface EditAccessModalProps {
  user: UserRow;
  header: string;
  description?: ReactNode;
  fields: readonly AccessField[];
  /** The editor's own level: the highest level offered. */
  maxLevel: number;
  /** Saves the changed fields on top of `base` (its version); resolves with the saved row. */
  save: (base: UserRow, change: Partial<AccessValues>) => Promise<UserRow>;
  onSaved: (user: UserRow) => void;
  /** The user as they are now, learnt from a conflict. */
  onCurrent: (user: UserRow) => void;
  onDismiss: () => void;
}

/** Rendered with key={user.uid}: each user starts a new edit. */
export function EditAccessModal({
  user,
  header,
  description,
  fields,
  maxLevel,
  save,
  onSaved,
  onCurrent,
  onDismiss,
}: EditAccessModalProps) {
  const { values, set, problem, conflict, saving, submit, reapply, discard } = useVersionedEdit({
    record: user,
    valuesOf: accessValuesOf,
    fields: [...fields, 'version'],
    failureText: 'The changes could not be saved. Please try again.',
    currentOf: asUserRow,
    onCurrent,
    editable: fields,
  });

  const submitChange = (event: FormEvent) =>
    submit({
      event,
      onUnchanged: onDismiss,
      send: async (base, changed) => {
        const saved = await save(base, pick(values, changed));
        // The access calls answer with the access part of the row; the rest stays as listed.
        onSaved({
          ...base,
          ...saved,
          displayName: saved.displayName ?? base.displayName,
          lastSignInAt: saved.lastSignInAt ?? base.lastSignInAt,
        });
      },
    });

  const levels = levelOptions(maxLevel);
  return (
    <FormModal
      header={header}
      formId={`edit-access-${user.uid}`}
      submitting={saving}
      submitDisabled={conflict !== undefined}
      onSubmit={submitChange}
      onDismiss={onDismiss}
    >
      {description ? <Box variant="p">{description}</Box> : null}
      {editAlerts({
        problem,
        conflict,
        renderCurrent: (current) => <AccessCurrentValue user={current} fields={fields} />,
        onReapply: reapply,
        onDiscard: discard,
      })}
      {fields.includes('userType') ? (
        <FormField label="User type" errorText={problem.fieldErrors.userType}>
          <RadioGroup
            value={values.userType}
            onChange={({ detail }) => set('userType', detail.value)}
            items={[
              { value: 'analyst', label: 'Analyst', description: "The provider's staff." },
              { value: 'customer', label: 'Customer', description: "A company's user." },
            ]}
          />
        </FormField>
      ) : null}
      {fields.includes('accessLevel') ? (
        <FormField
          label="Access level"
          constraintText={`Levels up to your own (${Math.min(maxLevel, 9)}).`}
          errorText={problem.fieldErrors.accessLevel}
        >
          <Select
            selectedOption={
              levels.find((option) => option.value === String(values.accessLevel)) ?? levelOption(values.accessLevel)
            }
            options={levels}
            disabled={saving}
            onChange={({ detail }) => set('accessLevel', Number(detail.selectedOption.value))}
          />
        </FormField>
      ) : null}
      {fields.includes('companies') ? (
        <FormField label="Companies" errorText={problem.fieldErrors.companies}>
          <CompanyMultiselect
            selected={values.companies}
            disabled={saving}
            invalid={problem.fieldErrors.companies !== undefined}
            onChange={(companies) => set('companies', companies)}
          />
        </FormField>
      ) : null}
      {fields.includes('servicesEnabled') ? (
        <FormField
          label="Enabled services"
          description="Services they may see below level 2 (when the company has them on)."
          errorText={problem.fieldErrors.servicesEnabled}
        >
          <Multiselect
            selectedOptions={serviceOptions.filter((option) => values.servicesEnabled.includes(option.value))}
            options={serviceOptions}
            placeholder="Choose services"
            disabled={saving}
            deselectAriaLabel={(option) => `Remove ${option.label ?? option.value ?? ''}`}
            onChange={({ detail }) =>
              set(
                'servicesEnabled',
                detail.selectedOptions.flatMap((option) => (option.value ? [option.value] : [])),
              )
            }
          />
        </FormField>
      ) : null}
      {fields.includes('servicesManaged') ? (
        <FormField
          label="Managed services"
          description="Services they manage as an analyst."
          errorText={problem.fieldErrors.servicesManaged}
        >
          <Multiselect
            selectedOptions={serviceOptions.filter((option) => values.servicesManaged.includes(option.value))}
            options={serviceOptions}
            placeholder="Choose services"
            disabled={saving}
            deselectAriaLabel={(option) => `Remove ${option.label ?? option.value ?? ''}`}
            onChange={({ detail }) =>
              set(
                'servicesManaged',
                detail.selectedOptions.flatMap((option) => (option.value ? [option.value] : [])),
              )
            }
          />
        </FormField>
      ) : null}
    </FormModal>
  );
}
