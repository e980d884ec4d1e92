// Settings' "Weekly digest": a toggle per company of the session's list, saved at once with updateDigestSettings
// (read with getDigestSettings). The server decides who may choose a company and, at each Monday's run, what the mail
// holds: the services the person may view then.
import { useCallback, useEffect, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Toggle from '@cloudscape-design/components/toggle';
import { callFunction } from '../../api/call-client';
import { messageOf } from '../../components/forms/call-problems';
import { FormErrorAlert } from '../../components/forms/form-alerts';
import { useNotifications } from '../../components/notifications/notifications-context';
import { useSession } from '../../components/session/session-context';

/** Companies one settings read names at most (the server's limit). */
const companiesPerRead = 100;

export function WeeklyDigestSection() {
  const { companyList } = useSession();
  const { notify } = useNotifications();
  const [weekly, setWeekly] = useState<Record<string, boolean> | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState<string | undefined>();

  const load = useCallback(async () => {
    const slugs = companyList.map((company) => company.slug);
    try {
      const read: Record<string, boolean> = {};
      for (let start = 0; start < slugs.length; start += companiesPerRead) {
        const answer = await callFunction('getDigestSettings', { slugs: slugs.slice(start, start + companiesPerRead) });
        for (const company of answer.companies) read[company.slug] = company.weekly;
      }
      setWeekly(read);
      setProblem(undefined);
    } catch (error) {
      setWeekly({});
      setProblem(messageOf(error, 'Your weekly digest settings could not be read. Reload the page to try again.'));
    }
  }, [companyList]);

  useEffect(() => {
    if (companyList.length > 0) void load();
  }, [companyList, load]);

  const change = async (slug: string, companyName: string, on: boolean) => {
    setSaving(slug);
    setProblem(undefined);
    // The toggle moves at once; a refusal puts it back.
    setWeekly((current) => ({ ...current, [slug]: on }));
    try {
      const saved = await callFunction('updateDigestSettings', { slug, weekly: on });
      setWeekly((current) => ({ ...current, [slug]: saved.weekly }));
      notify({
        type: 'success',
        title: on ? 'Weekly digest on' : 'Weekly digest off',
        message: on
          ? `You will get the weekly digest of ${companyName} on Mondays.`
          : `You will no longer get the weekly digest of ${companyName}.`,
      });
    } catch (error) {
      setWeekly((current) => ({ ...current, [slug]: !on }));
      setProblem(messageOf(error, 'Your choice could not be saved. Please try again.'));
    } finally {
      setSaving(undefined);
    }
  };

  return (
    <Container
      header={
        <Header
          variant="h2"
          description="A mail each Monday with the week's new, reopened, newly overdue, newly known-exploited and fixed findings of the company, for the services you may view. Nothing is sent for a week without changes."
        >
          Weekly digest
        </Header>
      }
    >
      <SpaceBetween size="m">
        <FormErrorAlert message={problem} />
        {companyList.length === 0 ? (
          <Box color="text-body-secondary">You do not belong to any company yet.</Box>
        ) : weekly === undefined ? (
          <Spinner size="normal" />
        ) : (
          companyList.map((company) => (
            <Toggle
              key={company.slug}
              checked={weekly[company.slug] === true}
              disabled={saving !== undefined}
              onChange={({ detail }) => void change(company.slug, company.companyName, detail.checked)}
            >
              {`Weekly digest of ${company.companyName}`}
            </Toggle>
          ))
        )}
      </SpaceBetween>
    </Container>
  );
}
