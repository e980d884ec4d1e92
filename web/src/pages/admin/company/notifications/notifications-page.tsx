// /admin/company/notifications (level 3; analysts of level 7 for any company): the notification rules of the
// company selected in the header; add, edit and delete them (each on the version seen).
import { useCallback, useEffect, useMemo, useState } from 'react';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { callFunction } from '../../../../api/call-client';
import type { MemberRow } from '../../../../components/admin/admin-records';
import { ConfirmItemModal } from '../../../../components/forms/form-modal';
import { useConfirmation } from '../../../../components/forms/use-confirmation';
import { TableEmptyState } from '../../../../components/empty-states/table-empty-state';
import { usePageHelp } from '../../../../components/help-panel/help-panel-context';
import { InfoLink } from '../../../../components/help-panel/info-link';
import { useNotifications } from '../../../../components/notifications/notifications-context';
import { useCompanyName, useSession, type SessionCompanyDoc } from '../../../../components/session/session-context';
import { ServerTable } from '../../../../components/tables/server-table';
import { useServerTable } from '../../../../components/tables/use-server-table';
import { NoCompanyState } from '../manage-users/no-company-state';
import { NotificationRuleModal } from './notification-rule-modal';
import { NotificationsHelp } from './notifications-help';
import { notificationsTable, ruleMatches, serviceLabels, type NotificationRule } from './notifications-config';

const ruleKey = (rule: NotificationRule) => rule.ruleId;

export default function NotificationsPage() {
  usePageHelp(NotificationsHelp);
  const { company, companyDoc } = useSession();
  const companyName = useCompanyName() ?? company;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            company
              ? `E-mails to ${companyName}'s users when findings are published.`
              : 'E-mails to a company’s users when findings are published.'
          }
          info={<InfoLink topic={NotificationsHelp} ariaLabel="Info about notifications" />}
        >
          Notifications
        </Header>
      }
    >
      {company && companyDoc ? <CompanyRules key={company} slug={company} company={companyDoc} /> : <NoCompanyState />}
    </ContentLayout>
  );
}

/** The company's users (the first 50), for choosing recipients and naming them in the table. */
function useMembers(slug: string): MemberRow[] {
  const [members, setMembers] = useState<MemberRow[]>([]);
  useEffect(() => {
    let current = true;
    callFunction('listCompanyUsers', { slug, limit: 50 }).then(
      (page) => current && setMembers(page.users),
      () => current && setMembers([]),
    );
    return () => {
      current = false;
    };
  }, [slug]);
  return members;
}

function CompanyRules({ slug, company }: { slug: string; company: SessionCompanyDoc }) {
  const { notify } = useNotifications();
  const members = useMembers(slug);
  const names = useMemo(() => new Map(members.map((member) => [member.uid, member.email])), [members]);
  const config = useMemo(() => notificationsTable(names), [names]);
  const [editing, setEditing] = useState<NotificationRule | 'new' | undefined>();
  const fetchRules = useCallback(
    () => callFunction('listNotificationRules', { slug }).then((answer) => ({ items: answer.rules })),
    [slug],
  );
  const table = useServerTable({
    config,
    fetchPage: fetchRules,
    keyOf: ruleKey,
    matches: ruleMatches,
    filtering: 'client',
    failureText: 'The notification rules could not be loaded.',
  });
  const chosen = table.selectedItem;
  const selected = chosen && table.pages.items.find((rule) => rule.ruleId === chosen.ruleId);

  const deletion = useConfirmation(async (rule: NotificationRule) => {
    await callFunction('deleteNotificationRule', { slug, ruleId: rule.ruleId, expectedVersion: rule.version });
    notify({
      type: 'success',
      title: 'Rule deleted',
      message: `No more ${serviceLabels[rule.service]} mails from it.`,
    });
    table.pages.reload();
  }, 'The rule could not be deleted. Please try again.');

  return (
    <>
      <ServerTable
        table={table}
        tableLabel="Notification rules"
        nameOf={(rule) => `${serviceLabels[rule.service]} rule`}
        loadingText="Loading notification rules"
        title="Rules"
        refreshLabel="Refresh notification rules"
        actions={[
          <Button key="delete" disabled={!selected} onClick={() => deletion.ask(selected)}>
            Delete
          </Button>,
          <Button key="edit" disabled={!selected} onClick={() => setEditing(selected)}>
            Edit
          </Button>,
          <Button key="add" variant="primary" onClick={() => setEditing('new')}>
            Add rule
          </Button>,
        ]}
        filterLabel="Find rules"
        empty={
          <TableEmptyState
            title="No notification rules"
            subtitle="Add a rule to mail this company's users when findings of a service are published."
          />
        }
      />
      {editing ? (
        <NotificationRuleModal
          slug={slug}
          company={company}
          members={members}
          rule={editing === 'new' ? undefined : editing}
          onDismiss={() => setEditing(undefined)}
          onSaved={(rule) => {
            setEditing(undefined);
            notify({ type: 'success', title: 'Rule saved', message: `${serviceLabels[rule.service]} mails are set.` });
            table.pages.reload();
          }}
        />
      ) : null}
      <ConfirmItemModal
        confirmation={deletion}
        header={(rule) => `Delete the ${serviceLabels[rule.service]} rule?`}
        confirmText="Delete"
        workingText="Deleting"
      >
        {() => 'Its recipients will no longer be mailed about published findings.'}
      </ConfirmItemModal>
    </>
  );
}
