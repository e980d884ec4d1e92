// Invitations to companies waiting for the signed-in person's answer: who invited them, where, at which
// level; Accept makes them a member (the session then lists the company), Decline removes the invitation.
import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { levelLabel } from '../../../../lambdas/kernel/search/labels';
import { callFunction } from '../../api/call-client';
import { messageOf } from '../../components/forms/call-problems';
import { useNotifications } from '../../components/notifications/notifications-context';
import { useSession, type SessionContextValue } from '../../components/session/session-context';
import { TimeAgo } from '../../components/time/updated-label';

type Invitation = SessionContextValue['invitations'][number];
type Answer = 'accept' | 'decline';

export function Invitations() {
  const { invitations } = useSession();
  if (invitations.length === 0) return null;
  return (
    <SpaceBetween size="s">
      {invitations.map((invitation) => (
        <InvitationAlert key={invitation.slug} invitation={invitation} />
      ))}
    </SpaceBetween>
  );
}

function InvitationAlert({ invitation }: { invitation: Invitation }) {
  const { refreshSession, setCompany } = useSession();
  const { notify } = useNotifications();
  const [working, setWorking] = useState<Answer | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const answer = async (choice: Answer) => {
    setWorking(choice);
    setProblem(undefined);
    try {
      await callFunction('respondToInvitation', { slug: invitation.slug, answer: choice });
      await refreshSession();
      if (choice === 'accept') await setCompany(invitation.slug).catch(() => undefined);
      notify({
        type: 'success',
        title: choice === 'accept' ? 'Invitation accepted' : 'Invitation declined',
        message:
          choice === 'accept'
            ? `You are now a member of ${invitation.companyName}.`
            : `You declined the invitation to ${invitation.companyName}.`,
      });
    } catch (error) {
      setProblem(messageOf(error, 'Your answer could not be saved. Please try again.'));
      setWorking(undefined);
    }
  };

  return (
    <Alert
      type={problem ? 'error' : 'info'}
      statusIconAriaLabel={problem ? 'Error' : 'Info'}
      header={`${invitation.companyName} invited you`}
      action={
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            onClick={() => void answer('decline')}
            loading={working === 'decline'}
            disabled={working === 'accept'}
            ariaLabel={`Decline the invitation to ${invitation.companyName}`}
          >
            Decline
          </Button>
          <Button
            variant="primary"
            onClick={() => void answer('accept')}
            loading={working === 'accept'}
            disabled={working === 'decline'}
            ariaLabel={`Accept the invitation to ${invitation.companyName}`}
          >
            Accept
          </Button>
        </SpaceBetween>
      }
    >
      {invitation.invitedBy} invited you <TimeAgo at={invitation.invitedAt} /> to join {invitation.companyName} with
      access {levelLabel(invitation.accessLevel).toLowerCase()}.{problem ? ` ${problem}` : ''}
    </Alert>
  );
}
