// The Add agent wizard: choose the location (and how many agents the token may enroll, and for how long), then the
// one-time enrollment token and the commands that download the agent (one file the portal serves, with its SHA-256),
// enroll it with the token and run it. The token is shown this once.
import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Wizard from '@cloudscape-design/components/wizard';
import { portalAgent } from 'virtual:portal-agent';
import { callFunction, type CallOutput } from '../../../api/call-client';
import { problemOf, noProblem, type FormProblem } from '../../../components/forms/call-problems';
import type { Location } from '../locations/locations-config';

type Enrollment = CallOutput<'createAgentEnrollment'>;
const fields = ['locationId', 'maxUses', 'expiresInHours'];

/** The agent's file name once downloaded. */
const agentFile = portalAgent.path.split('/').pop() ?? 'portal-agent.mjs';

/** What an operator runs on the agent's host, in order (docs/scanning.md, "Running an agent"). */
export function agentCommands(origin: string, token: string) {
  const { path, sha256 } = portalAgent;
  return [
    { label: 'Download the agent', command: `curl -fsSLO ${origin}${path}` },
    {
      label: 'Check its SHA-256',
      description: `On macOS: echo "${sha256}  ${agentFile}" | shasum -a 256 -c -`,
      command: `echo "${sha256}  ${agentFile}" | sha256sum -c -`,
    },
    {
      label: 'Enroll it',
      description: 'Keeps its credential in ~/.config/portal-agent/agent.json (mode 0600).',
      command: `node ${agentFile} enroll --portal ${origin} --token ${token}`,
    },
    {
      label: 'Run it',
      description: 'A heartbeat and a job pull every minute, until stopped.',
      command: `node ${agentFile} run`,
    },
  ];
}

export interface AddAgentWizardProps {
  slug: string;
  locations: readonly Location[];
  onDone: () => void;
}

export function AddAgentWizard({ slug, locations, onDone }: AddAgentWizardProps) {
  const [step, setStep] = useState(0);
  const defaultLocation = locations.find((location) => location.isDefault) ?? locations[0];
  const [locationId, setLocationId] = useState(defaultLocation?.locationId ?? '');
  const [maxUses, setMaxUses] = useState('1');
  const [hours, setHours] = useState('24');
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<FormProblem>(noProblem);
  const [enrollment, setEnrollment] = useState<Enrollment | undefined>();
  const options = locations.map((location) => ({ value: location.locationId, label: location.name }));
  const chosen = options.find((option) => option.value === locationId) ?? null;

  const createToken = async () => {
    setWorking(true);
    setProblem(noProblem);
    try {
      const made = await callFunction('createAgentEnrollment', {
        slug,
        locationId,
        maxUses: Number(maxUses),
        expiresInHours: Number(hours),
      });
      setEnrollment(made);
      setStep(1);
    } catch (error) {
      setProblem(problemOf(error, fields, 'The enrollment token could not be made. Please try again.'));
    } finally {
      setWorking(false);
    }
  };

  return (
    <Wizard
      activeStepIndex={step}
      isLoadingNextStep={working}
      submitButtonText="Done"
      i18nStrings={{
        stepNumberLabel: (number) => `Step ${number}`,
        collapsedStepsLabel: (number, count) => `Step ${number} of ${count}`,
        navigationAriaLabel: 'Steps',
        cancelButton: 'Cancel',
        previousButton: 'Previous',
        nextButton: 'Create token',
        optional: 'optional',
      }}
      onCancel={onDone}
      onSubmit={onDone}
      onNavigate={({ detail }) => {
        // Forward only by making the token; once made, it cannot be shown again, so there is no way back to it.
        if (detail.requestedStepIndex === 1 && !enrollment) void createToken();
        if (detail.requestedStepIndex === 0 && !enrollment) setStep(0);
      }}
      steps={[
        {
          title: 'Choose the location',
          description: 'The agent scans from this location: its ranges and domains are what it may scan.',
          errorText: problem.message,
          content: (
            <Container header={<Header variant="h2">Enrollment</Header>}>
              <SpaceBetween size="l">
                <FormField label="Location" errorText={problem.fieldErrors.locationId}>
                  <Select
                    selectedOption={chosen}
                    options={options}
                    placeholder="Choose a location"
                    empty="This company has no locations: add one on Manage locations first."
                    onChange={({ detail }) => setLocationId(detail.selectedOption.value ?? '')}
                  />
                </FormField>
                <FormField
                  label="Agents this token may enroll"
                  description="1 for one agent; more for a roll-out to many hosts."
                  errorText={problem.fieldErrors.maxUses}
                >
                  <Input
                    type="number"
                    inputMode="numeric"
                    value={maxUses}
                    onChange={({ detail }) => setMaxUses(detail.value)}
                  />
                </FormField>
                <FormField
                  label="Valid for (hours)"
                  description="At most 24 hours."
                  errorText={problem.fieldErrors.expiresInHours}
                >
                  <Input
                    type="number"
                    inputMode="numeric"
                    value={hours}
                    onChange={({ detail }) => setHours(detail.value)}
                  />
                </FormField>
              </SpaceBetween>
            </Container>
          ),
        },
        {
          title: 'Enroll the agent',
          description:
            'Run the commands on the agent’s host, which needs Node 20 or later. The agent calls out only; no inbound port is needed.',
          content: enrollment ? (
            <SpaceBetween size="l">
              <Alert type="warning" header="Shown once">
                Copy the token now: the portal keeps only its hash and cannot show it again.
              </Alert>
              <Container header={<Header variant="h2">Enrollment token</Header>}>
                <SpaceBetween size="l">
                  <KeyValuePairs
                    columns={3}
                    items={[
                      { label: 'Location', value: chosen?.label ?? enrollment.locationId },
                      { label: 'Uses', value: String(enrollment.maxUses) },
                      { label: 'Expires', value: new Date(enrollment.expiresAt).toLocaleString() },
                    ]}
                  />
                  <FormField label="Token">
                    <CopyToClipboard
                      variant="inline"
                      textToCopy={enrollment.token}
                      copyButtonAriaLabel="Copy token"
                      copySuccessText="Token copied"
                      copyErrorText="The token could not be copied"
                    />
                  </FormField>
                </SpaceBetween>
              </Container>
              <Container header={<Header variant="h2">Commands</Header>}>
                <SpaceBetween size="l">
                  <KeyValuePairs items={[{ label: `SHA-256 of ${agentFile}`, value: portalAgent.sha256 }]} />
                  {agentCommands(window.location.origin, enrollment.token).map((step, index) => (
                    <FormField key={step.label} label={`${index + 1}. ${step.label}`} description={step.description}>
                      <Box variant="code">
                        <CopyToClipboard
                          variant="inline"
                          textToCopy={step.command}
                          copyButtonAriaLabel={`Copy the command: ${step.label}`}
                          copySuccessText="Command copied"
                          copyErrorText="The command could not be copied"
                          wrapText
                        />
                      </Box>
                    </FormField>
                  ))}
                </SpaceBetween>
              </Container>
            </SpaceBetween>
          ) : (
            <Box>Making the token…</Box>
          ),
        },
      ]}
    />
  );
}
