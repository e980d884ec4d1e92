// A user's weekly digest choices (Settings): per company they may access, on or off. The server decides who may
// choose (the kernel's company rule); what each mail holds is decided again at send time (the reports' rule).
import type { Caller } from '../access/caller.js';
import { canAccessCompany } from '../access/rules.js';
import { companyDenied } from '../companies/company-access.js';
import { weeklyDigestsOf, weeklyDigestWrite } from '../data/entities/weekly-digests.js';
import { transactWithRetry } from '../data/transactions.js';
import { PermissionDeniedError } from '../errors.js';
import { eventTransactItem } from '../events/events.js';

/** Companies one settings read answers at most (the page asks in pages of this many). */
export const maxDigestCompanies = 100;

function requireAccess(caller: Caller, slug: string): void {
  if (!canAccessCompany(caller.access, slug)) throw new PermissionDeniedError(companyDenied);
}

/** Whether the caller gets the weekly digest of each company (every one of them the caller may access). */
export async function weeklyDigestSettingsAs(
  caller: Caller,
  slugs: readonly string[],
): Promise<Array<{ slug: string; weekly: boolean }>> {
  const unique = [...new Set(slugs)];
  for (const slug of unique) requireAccess(caller, slug);
  const on = await weeklyDigestsOf(caller.uid, unique);
  return unique.map((slug) => ({ slug, weekly: on.has(slug) }));
}

/** Turns the caller's weekly digest of a company on or off, with its event, in one transaction. */
export async function setWeeklyDigestAs(caller: Caller, slug: string, weekly: boolean, now = Date.now()) {
  requireAccess(caller, slug);
  await transactWithRetry([
    weeklyDigestWrite(slug, caller.uid, weekly, now),
    eventTransactItem(
      caller,
      {
        type: 'weeklyDigestChanged',
        summary: weekly ? 'Turned the weekly digest on' : 'Turned the weekly digest off',
        subject: { company: { slug } },
        after: { weekly },
      },
      now,
    ),
  ]);
  return { slug, weekly };
}
