// Creating or editing a notification rule (saveNotificationRule; an edit on the version its editor saw). Only
// the services the company has on are offered; chosen recipients who may not view the service are marked, as
// they get no mail (the server decides that again at send time).
import { useState, type FormEvent } from 'react';
import FormField from '@cloudscape-design/components/form-field';
import Multiselect from '@cloudscape-design/components/multiselect';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import {
  canViewService,
  services,
  serviceFlags,
  type ServiceName,
} from '../../../../../../lambdas/kernel/access/rules';
import { callFunction } from '../../../../api/call-client';
import type { MemberRow } from '../../../../components/admin/admin-records';
import { problemOf, noProblem, type FormProblem } from '../../../../components/forms/call-problems';
import { FormErrorAlert } from '../../../../components/forms/form-alerts';
import { FormModal } from '../../../../components/forms/form-modal';
import type { SessionCompanyDoc } from '../../../../components/session/session-context';
import {
  cadenceLabels,
  serviceLabels,
  severityLabels,
  type Cadence,
  type NotificationRule,
  type Severity,
} from './notifications-config';

const fields = ['service', 'minSeverity', 'cadence', 'recipientMode', 'recipients'];
const severityOptions = (Object.keys(severityLabels) as Severity[]).map((value) => ({
  value,
  label: severityLabels[value],
}));

/** The services the company has on (any of the service's flags). */
export function servicesOn(company: SessionCompanyDoc): ServiceName[] {
  return services.filter((service) => serviceFlags[service].some((flag) => company[flag] === true));
}

export interface NotificationRuleModalProps {
  slug: string;
  company: SessionCompanyDoc;
  members: readonly MemberRow[];
  /** The rule to edit; none to create one. */
  rule?: NotificationRule;
  onSaved: (rule: NotificationRule) => void;
  onDismiss: () => void;
}

export function NotificationRuleModal({
  slug,
  company,
  members,
  rule,
  onSaved,
  onDismiss,
}: NotificationRuleModalProps) {
  const offered = servicesOn(company);
  const [service, setService] = useState<ServiceName | undefined>(rule?.service ?? offered[0]);
  const [minSeverity, setMinSeverity] = useState<Severity>(rule?.minSeverity ?? 'high');
  const [cadence, setCadence] = useState<Cadence>(rule?.cadence ?? 'immediate');
  const [recipientMode, setRecipientMode] = useState(rule?.recipientMode ?? 'everyone');
  const [recipients, setRecipients] = useState<string[]>(rule?.recipients ?? []);
  const [problem, setProblem] = useState<FormProblem>(noProblem);
  const [saving, setSaving] = useState(false);

  const mayView = (member: MemberRow) =>
    service !== undefined &&
    canViewService(
      company,
      {
        // The member's level in this company (the list carries no level for a provider analyst).
        claims: { userType: member.userType, accessLevel: member.accessLevel ?? 0 },
        companies: member.companies,
        servicesEnabled: member.servicesEnabled,
        servicesManaged: member.servicesManaged,
      },
      service,
    );
  const memberOptions = members.map((member) => ({
    value: member.uid,
    label: member.email,
    ...(member.displayName ? { tags: [member.displayName] } : {}),
    ...(mayView(member)
      ? {}
      : { description: `May not view ${service ? serviceLabels[service] : 'it'}: gets no mail` }),
  }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!service) {
      setProblem({ fieldErrors: { service: 'Choose a service.' } });
      return;
    }
    if (recipientMode === 'chosen' && recipients.length === 0) {
      setProblem({ fieldErrors: { recipients: 'Choose at least one user, or everyone.' } });
      return;
    }
    setSaving(true);
    setProblem(noProblem);
    const sent = {
      slug,
      service,
      minSeverity,
      cadence,
      recipientMode,
      recipients: recipientMode === 'chosen' ? recipients : [],
      ...(rule ? { ruleId: rule.ruleId, expectedVersion: rule.version } : {}),
    };
    try {
      onSaved(await callFunction('saveNotificationRule', sent));
    } catch (error) {
      setProblem(problemOf(error, fields, 'The rule could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal
      header={rule ? 'Edit notification rule' : 'Add notification rule'}
      formId="notification-rule-form"
      submitText={rule ? 'Save' : 'Add rule'}
      submitting={saving}
      onSubmit={save}
      onDismiss={onDismiss}
    >
      <FormErrorAlert message={problem.message} />
      <FormField label="Service" description="Services this company has on." errorText={problem.fieldErrors.service}>
        <Select
          selectedOption={service ? { value: service, label: serviceLabels[service] } : null}
          options={offered.map((value) => ({ value, label: serviceLabels[value] }))}
          placeholder="Choose a service"
          disabled={saving}
          onChange={({ detail }) => setService(detail.selectedOption.value as ServiceName)}
        />
      </FormField>
      <FormField
        label="Findings"
        description="The lowest severity that is mailed."
        errorText={problem.fieldErrors.minSeverity}
      >
        <Select
          selectedOption={severityOptions.find((option) => option.value === minSeverity) ?? null}
          options={severityOptions}
          disabled={saving}
          onChange={({ detail }) => setMinSeverity(detail.selectedOption.value as Severity)}
        />
      </FormField>
      <FormField label="When" errorText={problem.fieldErrors.cadence}>
        <RadioGroup
          value={cadence}
          ariaLabel="When"
          onChange={({ detail }) => setCadence(detail.value as Cadence)}
          items={[
            {
              value: 'immediate',
              label: cadenceLabels.immediate,
              description: 'Shortly after findings are published; a batch published together comes in one mail.',
            },
            {
              value: 'daily',
              label: cadenceLabels.daily,
              description: 'One mail a day with everything published since the last one.',
            },
          ]}
        />
      </FormField>
      <FormField label="Recipients" errorText={problem.fieldErrors.recipientMode}>
        <RadioGroup
          value={recipientMode}
          ariaLabel="Recipients"
          onChange={({ detail }) => setRecipientMode(detail.value as 'everyone' | 'chosen')}
          items={[
            { value: 'everyone', label: 'Everyone of the company who may view the service' },
            { value: 'chosen', label: 'Chosen users' },
          ]}
        />
      </FormField>
      {recipientMode === 'chosen' ? (
        <FormField label="Users" errorText={problem.fieldErrors.recipients}>
          <Multiselect
            selectedOptions={memberOptions.filter((option) => recipients.includes(option.value))}
            options={memberOptions}
            placeholder="Choose users"
            filteringType="auto"
            disabled={saving}
            onChange={({ detail }) =>
              setRecipients(detail.selectedOptions.flatMap((option) => (option.value ? [option.value] : [])))
            }
          />
        </FormField>
      ) : null}
    </FormModal>
  );
}
