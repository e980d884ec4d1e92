// Editing a company's name and service flags (updateCompany, conditional on the version the editor
// saw). A 409 conflict shows the current value; the user re-applies their changes on top of it or
// takes it as it is.
import type { FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import { callFunction } from '../../../api/call-client';
import { asCompanyDoc, type CompanyDoc } from '../../../components/admin/admin-records';
import { CompanyFlagFields } from '../../../components/admin/company-flag-fields';
import {
  companyFlagNames,
  flagLabel,
  flagsOf,
  type CompanyFlag,
  type CompanyFlags,
} from '../../../components/admin/service-labels';
import { editAlerts } from '../../../components/forms/form-alerts';
import { FormModal } from '../../../components/forms/form-modal';
import { useVersionedEdit } from '../../../components/forms/use-versioned-edit';
import { companyNameProblem, fieldProblems } from '../../../components/forms/validation';
import { UpdatedLabel } from '../../../components/time/updated-label';

type CompanyValues = { companyName: string } & CompanyFlags;

function valuesOf(company: CompanyDoc): CompanyValues {
  return { companyName: company.companyName, ...flagsOf(company) };
}

const fields = ['companyName', 'flags', 'version'] as const;

export function CompanyCurrentValue({ company }: { company: CompanyDoc }) {
  const on = companyFlagNames.filter((flag) => company[flag]);
  return (
    <KeyValuePairs
      columns={1}
      items={[
        { label: 'Name', value: company.companyName },
        { label: 'Services on', value: on.length > 0 ? on.map(flagLabel).join(', ') : 'None' },
        { label: 'Last change', value: <UpdatedLabel at={company.updatedAt} by={company.updatedBy} /> },
      ]}
    />
  );
}

export interface EditCompanyModalProps {
  company: CompanyDoc;
  onDismiss: () => void;
  /** The saved company. */
  onSaved: (company: CompanyDoc) => void;
  /** The company as it is now, learnt from a conflict. */
  onCurrent: (company: CompanyDoc) => void;
}

/** Rendered with key={company.slug}: each company starts a new edit. */
export function EditCompanyModal({ company, onDismiss, onSaved, onCurrent }: EditCompanyModalProps) {
  const { base, values, setValues, problem, conflict, saving, submit, reapply, discard } = useVersionedEdit({
    record: company,
    valuesOf,
    fields,
    failureText: 'The company could not be saved. Please try again.',
    currentOf: asCompanyDoc,
    onCurrent,
  });

  const save = (event: FormEvent) =>
    submit({
      event,
      fieldErrors: fieldProblems({ companyName: companyNameProblem(values.companyName) }),
      onUnchanged: onDismiss,
      send: async (from, changed) => {
        const flags: Partial<CompanyFlags> = {};
        for (const key of changed) if (key !== 'companyName') flags[key] = values[key];
        onSaved(
          await callFunction('updateCompany', {
            slug: from.slug,
            version: from.version,
            ...(changed.includes('companyName') ? { companyName: values.companyName.trim() } : {}),
            ...(Object.keys(flags).length > 0 ? { flags } : {}),
          }),
        );
      },
    });

  return (
    <FormModal
      header="Edit company"
      size="large"
      formId="edit-company-form"
      submitting={saving}
      submitDisabled={conflict !== undefined}
      onSubmit={save}
      onDismiss={onDismiss}
    >
      {editAlerts({
        problem,
        conflict,
        renderCurrent: (current) => <CompanyCurrentValue company={current} />,
        onReapply: reapply,
        onDiscard: discard,
      })}
      <Box variant="small" color="text-body-secondary">
        {base.companyName} ({base.slug}) · <UpdatedLabel at={base.updatedAt} by={base.updatedBy} />
      </Box>
      <FormField label="Company name" errorText={problem.fieldErrors.companyName}>
        <Input
          value={values.companyName}
          disabled={saving}
          ariaRequired
          onChange={({ detail }) => setValues((current) => ({ ...current, companyName: detail.value }))}
        />
      </FormField>
      <CompanyFlagFields
        flags={flagsOf(values)}
        disabled={saving}
        errorText={problem.fieldErrors.flags}
        onChange={(flag: CompanyFlag, on) => setValues((current) => ({ ...current, [flag]: on }))}
      />
    </FormModal>
  );
}
