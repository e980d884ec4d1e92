// Editing a company's name and service flags (updateCompany, conditional on the version the editor
// saw). A 409 conflict shows the current value; the user re-applies their changes on top of it or
// takes it as it is.
import { useState, type FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { callFunction } from '../../../api/call-client';
import { asCompanyDoc, type CompanyDoc } from '../../../components/admin/admin-records';
import { CompanyFlagFields } from '../../../components/admin/company-flag-fields';
import { companyFlagNames, flagLabel, flagsOf, type CompanyFlag, type CompanyFlags } from '../../../components/admin/service-labels';
import { noProblem, problemOf, type FormProblem } from '../../../components/forms/call-problems';
import { ConflictAlert, FormErrorAlert } from '../../../components/forms/form-alerts';
import { changedKeys, rebase } from '../../../components/forms/rebase';
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
  const [base, setBase] = useState(company);
  const [values, setValues] = useState<CompanyValues>(() => valuesOf(company));
  const [problem, setProblem] = useState<FormProblem>(noProblem);
  const [conflict, setConflict] = useState<{ message: string; current: CompanyDoc } | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const errors = fieldProblems({ companyName: companyNameProblem(values.companyName) });
    if (Object.keys(errors).length > 0) {
      setProblem({ fieldErrors: errors });
      return;
    }
    const changed = changedKeys(values, valuesOf(base));
    if (changed.length === 0) {
      onDismiss();
      return;
    }
    const flags: Partial<CompanyFlags> = {};
    for (const key of changed) if (key !== 'companyName') flags[key] = values[key];
    setSaving(true);
    setProblem(noProblem);
    try {
      const saved = await callFunction('updateCompany', {
        slug: base.slug,
        version: base.version,
        ...(changed.includes('companyName') ? { companyName: values.companyName.trim() } : {}),
        ...(Object.keys(flags).length > 0 ? { flags } : {}),
      });
      onSaved(saved);
    } catch (error) {
      const next = problemOf(error, fields, 'The company could not be saved. Please try again.');
      const current = asCompanyDoc(next.conflict?.current);
      if (next.conflict && current) {
        setConflict({ message: next.conflict.message, current });
        onCurrent(current);
      } else {
        setProblem(next);
      }
    } finally {
      setSaving(false);
    }
  };

  const reapply = () => {
    if (!conflict) return;
    setValues(rebase(values, valuesOf(base), valuesOf(conflict.current)));
    setBase(conflict.current);
    setConflict(undefined);
  };

  const discard = () => {
    if (!conflict) return;
    setValues(valuesOf(conflict.current));
    setBase(conflict.current);
    setConflict(undefined);
  };

  return (
    <Modal
      visible
      size="large"
      header="Edit company"
      onDismiss={onDismiss}
      closeAriaLabel="Close"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Cancel
            </Button>
            <Button variant="primary" form="edit-company-form" formAction="submit" loading={saving} loadingText="Saving" disabled={conflict !== undefined}>
              Save
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form id="edit-company-form" onSubmit={(event) => void save(event)} noValidate>
        <Form>
          <SpaceBetween size="l">
            {conflict ? (
              <ConflictAlert
                message={conflict.message}
                current={<CompanyCurrentValue company={conflict.current} />}
                onReapply={reapply}
                onDiscard={discard}
              />
            ) : null}
            <FormErrorAlert message={problem.message ?? problem.fieldErrors.version} />
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
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}
