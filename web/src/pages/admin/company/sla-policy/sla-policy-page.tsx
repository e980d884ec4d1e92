// /admin/company/sla (level 3 in the company; analysts of level 7 for any company): the days to fix per severity
// of the company selected in the header (getSlaPolicy), saved on the version read (updateSlaPolicy): someone
// else's change in between is shown, never overwritten.
import { useEffect, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { callFunction, type CallOutput } from '../../../../api/call-client';
import { defaultSlaDays, maxSlaDays, slaSeverities, type SlaSeverity } from '../../../../../../lambdas/contracts/sla';
import { noProblem, problemOf, type FormProblem } from '../../../../components/forms/call-problems';
import { usePageHelp } from '../../../../components/help-panel/help-panel-context';
import { InfoLink } from '../../../../components/help-panel/info-link';
import { useNotifications } from '../../../../components/notifications/notifications-context';
import { useCompanyName, useSession } from '../../../../components/session/session-context';
import { NoCompanyState } from '../manage-users/no-company-state';
import { SlaPolicyHelp } from './sla-policy-help';

type SlaPolicy = CallOutput<'getSlaPolicy'>;

const severityLabels: Record<SlaSeverity, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};
const fields = slaSeverities.map((severity) => `days.${severity}`);

export default function SlaPolicyPage() {
  usePageHelp(SlaPolicyHelp);
  const { company } = useSession();
  const companyName = useCompanyName() ?? company;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            company
              ? `Days ${companyName} has to fix a published finding, per severity.`
              : 'Days a company has to fix a published finding, per severity.'
          }
          info={<InfoLink topic={SlaPolicyHelp} ariaLabel="Info about the SLA policy" />}
        >
          SLA policy
        </Header>
      }
    >
      {company ? <CompanyPolicy key={company} slug={company} /> : <NoCompanyState />}
    </ContentLayout>
  );
}

function CompanyPolicy({ slug }: { slug: string }) {
  const [policy, setPolicy] = useState<SlaPolicy | undefined>();
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    let current = true;
    callFunction('getSlaPolicy', { slug }).then(
      (answer) => current && setPolicy(answer),
      () => current && setLoadFailed(true),
    );
    return () => {
      current = false;
    };
  }, [slug]);
  if (loadFailed) return <Alert type="error">The SLA policy could not be loaded. Please reload the page.</Alert>;
  if (!policy) return <Spinner size="large" />;
  return <PolicyForm key={policy.version} slug={slug} policy={policy} onSaved={setPolicy} />;
}

const asText = (days: SlaPolicy['days']) =>
  Object.fromEntries(slaSeverities.map((severity) => [severity, String(days[severity])])) as Record<
    SlaSeverity,
    string
  >;

function PolicyForm({
  slug,
  policy,
  onSaved,
}: {
  slug: string;
  policy: SlaPolicy;
  onSaved: (next: SlaPolicy) => void;
}) {
  const { notify } = useNotifications();
  const [days, setDays] = useState(asText(policy.days));
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<FormProblem>(noProblem);

  const save = async () => {
    setSaving(true);
    setProblem(noProblem);
    try {
      const saved = await callFunction('updateSlaPolicy', {
        slug,
        // Sent as typed (a blank or a fraction is the server's to name), numbers where the text is one.
        days: Object.fromEntries(
          slaSeverities.map((severity) => [severity, days[severity].trim() === '' ? NaN : Number(days[severity])]),
        ) as Record<SlaSeverity, number>,
        expectedVersion: policy.version,
      });
      notify({ type: 'success', title: 'SLA policy saved', message: 'Due dates follow the new days.' });
      onSaved(saved);
    } catch (error) {
      setProblem(problemOf(error, fields, 'The SLA policy could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  const conflict = problem.conflict;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Container
        header={
          <Header
            variant="h2"
            description={`Whole days from 0 (due when published) to ${maxSlaDays}. Informational findings are never due.`}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button formAction="none" onClick={() => setDays(asText(defaultSlaDays))}>
                  Use the defaults
                </Button>
                <Button variant="primary" loading={saving}>
                  Save policy
                </Button>
              </SpaceBetween>
            }
          >
            Days to fix
          </Header>
        }
      >
        <SpaceBetween size="m">
          {conflict ? (
            <Alert
              type="warning"
              header="Someone else changed this policy"
              action={<Button onClick={() => onSaved(conflict.current as SlaPolicy)}>Show their policy</Button>}
            >
              {conflict.message}
            </Alert>
          ) : null}
          {problem.message ? (
            <Alert type="error" header="The policy was not saved">
              {problem.message}
            </Alert>
          ) : null}
          <ColumnLayout columns={4}>
            {slaSeverities.map((severity) => (
              <FormField
                key={severity}
                label={severityLabels[severity]}
                errorText={problem.fieldErrors[`days.${severity}`]}
                description={`Default ${defaultSlaDays[severity]}`}
              >
                <Input
                  type="number"
                  inputMode="numeric"
                  value={days[severity]}
                  onChange={({ detail }) => setDays((current) => ({ ...current, [severity]: detail.value }))}
                />
              </FormField>
            ))}
          </ColumnLayout>
          <Box color="text-body-secondary" fontSize="body-s">
            {policy.version === 0
              ? 'This company uses the defaults: nobody has saved a policy yet.'
              : `Last saved by ${policy.updatedBy ?? 'someone'}${policy.updatedAt ? ` on ${new Date(policy.updatedAt).toLocaleString()}` : ''}.`}
          </Box>
        </SpaceBetween>
      </Container>
    </form>
  );
}
