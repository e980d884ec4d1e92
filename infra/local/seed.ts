// Seeds the demo data through the same domain functions the product uses (Cognito identity + records).
// The companies are created by demo analysts, so a newcomer's Home shows real events in words at once
// ("Ada Admin created company Acme Corp"); people are added after the companies they belong to.
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { AlreadyExistsError, InvalidArgumentError } from '../../lambdas/kernel/errors.js';
import { ensureUser } from '../../lambdas/kernel/users/create-user.js';
import { displayNameProblem } from '../../lambdas/kernel/users/display-name.js';
import { demoCompanies, demoUsers } from './demo-data.js';
import { seedDemoCuration } from './demo-curation.js';
import { seedDemoPublishing } from './demo-reports.js';
import { seedDemoSlaStates } from './demo-sla.js';
import { seedDemoProgress } from './demo-progress.js';
import { seedDemoManualFinding } from './demo-manual-finding.js';
import { seedDemoFeeds } from './demo-feeds.js';
import { seedDemoScans } from './demo-scans.js';
import { seedDemoLocations } from './demo-locations.js';
import { seedDemoNotifications } from './demo-notifications.js';
import { seedDemoAgents } from './demo-agents.js';
import { seedDemoDastKeys } from './demo-dast-keys.js';
import { seedDemoInvitations } from './demo-invitations.js';
import { seedDemoReviews } from './demo-reviews.js';
import { seedDemoMailIdentity } from './demo-mail.js';
import { seedDemoVault } from './demo-vault.js';
import { seedDemoWebhooks } from './demo-webhooks.js';
import type { WebhookInbox } from './webhook-inbox.js';
import { seedTemplateLibrary } from './template-library.js';

export async function seedDemoData(options: { webhookInbox: WebhookInbox }): Promise<void> {
  // The demo people are made without a call, so the display-name rule every call's input holds is applied here,
  // before anything is written: a demo name that would be refused on the Settings page is refused at seeding.
  for (const user of demoUsers) {
    const problem = user.displayName === undefined ? undefined : displayNameProblem(user.displayName);
    if (problem) throw new InvalidArgumentError(`displayName: ${problem} (demo user ${user.email})`);
  }
  await seedDemoMailIdentity();
  const withoutCompanies = demoUsers.filter((user) => !user.companies?.length);
  const actors = new Map<string, { uid: string; email: string; user: { displayName: string } }>();
  for (const user of withoutCompanies) {
    const { uid } = await ensureUser({ ...user, createdBy: 'seed' });
    actors.set(user.email, { uid, email: user.email, user: { displayName: user.displayName ?? user.email } });
  }
  for (const company of demoCompanies) {
    const creator = actors.get(company.createdBy);
    if (!creator) throw new Error(`Demo company ${company.slug}: its creator ${company.createdBy} is not seeded`);
    try {
      const flags = Object.fromEntries(company.flags.map((flag) => [flag, true]));
      await createCompanyAs(creator, { slug: company.slug, companyName: company.companyName, flags });
    } catch (error) {
      if (!(error instanceof AlreadyExistsError)) throw error;
    }
  }
  const members = new Map<string, { uid: string; email: string; user: { displayName: string } }>();
  for (const user of demoUsers.filter((candidate) => candidate.companies?.length)) {
    const { uid } = await ensureUser({ ...user, createdBy: 'seed' });
    members.set(user.email, { uid, email: user.email, user: { displayName: user.displayName ?? user.email } });
  }
  await seedDemoInvitations(new Map([...actors, ...members]));
  await seedTemplateLibrary();
  await seedDemoScans(
    new Map([...actors].map(([email, actor]) => [email, { ...actor, displayName: actor.user.displayName }])),
  );
  const analyst = actors.get('analyst@example.com');
  if (analyst) {
    await seedDemoCuration(analyst);
    // Before the demo's publications, reviews and decisions: their webhooks are delivered to the inbox.
    await seedDemoWebhooks(analyst, options.webhookInbox);
    await seedDemoPublishing(analyst);
    await seedDemoSlaStates();
    await seedDemoProgress(analyst);
    await seedDemoManualFinding(analyst);
    await seedDemoFeeds();
    await seedDemoVault(analyst);
    await seedDemoLocations(analyst);
    await seedDemoNotifications(analyst);
    await seedDemoAgents(analyst);
    await seedDemoDastKeys(analyst);
    await seedDemoReviews(analyst, members.get('manager@acme.example'));
  }
}
