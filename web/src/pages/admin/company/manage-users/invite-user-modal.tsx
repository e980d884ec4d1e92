// Inviting someone to the selected company by e-mail (inviteCompanyUser): the server mails them an
// invitation with a sign-in link to this site; they join when they accept it on Home.
import { useState, type FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import { callFunction } from '../../../../api/call-client';
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import { levelOptions } from '../../../../components/admin/access-levels';
import { serviceOptions } from '../../../../components/admin/service-labels';
import { noProblem, problemOf, withoutFieldError, type FormProblem } from '../../../../components/forms/call-problems';
import { FormErrorAlert } from '../../../../components/forms/form-alerts';
import { FormModal } from '../../../../components/forms/form-modal';
import { accessLevelProblem, emailProblem, fieldProblems } from '../../../../components/forms/validation';

const fields = ['email', 'accessLevel', 'servicesEnabled'] as const;

export interface InviteUserModalProps {
  slug: string;
  companyName: string;
  /** The inviter's own level: the highest level offered. */
  maxLevel: number;
  onInvited: (email: string) => void;
  onDismiss: () => void;
}

export function InviteUserModal({ slug, companyName, maxLevel, onInvited, onDismiss }: InviteUserModalProps) {
  const [email, setEmail] = useState('');
  const [accessLevel, setAccessLevel] = useState(1);
  const [servicesEnabled, setServicesEnabled] = useState<ServiceName[]>([]);
  const [problem, setProblem] = useState<FormProblem>(noProblem);
  const [sending, setSending] = useState(false);
  const levels = levelOptions(maxLevel);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = fieldProblems({ email: emailProblem(email), accessLevel: accessLevelProblem(accessLevel) });
    if (Object.keys(errors).length > 0) {
      setProblem({ fieldErrors: errors });
      return;
    }
    setSending(true);
    setProblem(noProblem);
    try {
      await callFunction('inviteCompanyUser', {
        slug,
        email: email.trim(),
        accessLevel,
        servicesEnabled,
        url: window.location.origin,
      });
      onInvited(email.trim().toLowerCase());
    } catch (error) {
      setProblem(problemOf(error, fields, 'The invitation could not be sent. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  return (
    <FormModal
      header="Invite user"
      formId="invite-user-form"
      submitText="Send invitation"
      submittingText="Sending the invitation"
      submitting={sending}
      onSubmit={submit}
      onDismiss={onDismiss}
    >
      <Box variant="p">
        They get an e-mail with a link to sign in, and join {companyName} when they accept the invitation on their Home
        page.
      </Box>
      <FormErrorAlert message={problem.message} />
      <FormField label="E-mail" errorText={problem.fieldErrors.email}>
        <Input
          type="email"
          value={email}
          ariaRequired
          disabled={sending}
          autoComplete={false}
          onChange={({ detail }) => {
            setEmail(detail.value);
            setProblem((current) => withoutFieldError(current, 'email'));
          }}
        />
      </FormField>
      <FormField
        label="Access level"
        constraintText={`Levels up to your own (${Math.min(maxLevel, 9)}).`}
        errorText={problem.fieldErrors.accessLevel}
      >
        <Select
          selectedOption={levels.find((option) => option.value === String(accessLevel)) ?? null}
          options={levels}
          disabled={sending}
          onChange={({ detail }) => setAccessLevel(Number(detail.selectedOption.value))}
        />
      </FormField>
      <FormField
        label="Enabled services"
        description="Services they may see below level 2 (when the company has them on)."
        errorText={problem.fieldErrors.servicesEnabled}
      >
        <Multiselect
          selectedOptions={serviceOptions.filter((option) => servicesEnabled.includes(option.value))}
          options={serviceOptions}
          placeholder="Choose services"
          disabled={sending}
          deselectAriaLabel={(option) => `Remove ${option.label ?? option.value ?? ''}`}
          onChange={({ detail }) =>
            setServicesEnabled(
              serviceOptions
                .filter((option) => detail.selectedOptions.some((chosen) => chosen.value === option.value))
                .map((option) => option.value),
            )
          }
        />
      </FormField>
    </FormModal>
  );
}
