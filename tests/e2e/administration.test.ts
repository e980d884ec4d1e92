// Administration in headless Chromium: companies, company users and invitations (the invitee's Settings: their
// profile and the new company's weekly digest toggle), platform users and 'Sign out everywhere', conflicts between
// two editors, the slug rule at its field, the level choices of a level 3 manager (and the server's refusal beyond
// them), and an axe pass per page. Every person here is a fresh user (one sign-in link per address a minute); the
// demo accounts belong to the shell test. Nothing here switches a platform service off: other test files share the
// stack.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getCompanyRecord } from '../../lambdas/kernel/companies/company-records.js';
import { weeklyDigestSubscribers } from '../../lambdas/kernel/data/entities/weekly-digests.js';
import {
  CompaniesPage,
  CreateCompanyPage,
  chooseMultiple,
  descriptionOf,
  dialogNamed,
  idTokenOf,
  ManageUsersPage,
  PlatformUsersPage,
  ProfilePage,
  selectOptions,
  toast,
} from '../support/admin-pages.js';
import { postCall } from '../support/api.js';
import { launchBrowser } from '../support/browser.js';
import { mailsTo, nextSignInLink } from '../support/outbox.js';
import { ShellPage } from '../support/shell-page.js';
import { contextAwaitingLink, type SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';
import { seriousViolations } from '../support/axe.js';

const stack = inject('localStack');
const runId = randomUUID().slice(0, 6);
const slugRule = 'Must be 3 to 40 lowercase letters, digits or dashes';

interface Person {
  uid: string;
  email: string;
  session: SignedInBrowser;
}

let browser: Browser;
let admin: Person; // analyst, level 9
let editor: Person; // analyst, level 7: the second browser of the conflict
let manager: Person; // customer, level 3, of the manager's company
let leaver: Person; // customer, level 1: signed out everywhere by the admin
let member: { uid: string; email: string }; // customer, level 1, of the manager's company
const managerCompany = { slug: `mgr-${runId}`, companyName: `Manager Co ${runId}` };
const contested = { slug: `conflict-${runId}`, companyName: `Contested ${runId}` };

/** Opens a page object's route in the person's browser. */
async function open<Shown extends ShellPage>(
  PageObject: (new (page: Page) => Shown) & { path: string },
  person: Person,
): Promise<Shown> {
  const shown = new PageObject(person.session.page);
  await shown.open(PageObject.path);
  return shown;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const adminUser = await createTestUser({ userType: 'analyst', accessLevel: 9, displayName: 'Ada Admin' });
  const asAdmin = signedInCaller(adminUser);
  for (const company of [managerCompany, contested]) {
    const created = await asAdmin('createCompany', { ...company, flags: { enableViewResultsNetwork: true } });
    if (created.statusCode !== 200) throw new Error(`createCompany answered ${created.statusCode}`);
  }
  const [editorUser, managerUser, leaverUser, memberUser] = await Promise.all([
    createTestUser({ userType: 'analyst', accessLevel: 7, displayName: 'Eve Editor' }),
    createTestUser({ accessLevel: 3, companies: [managerCompany.slug], displayName: 'Max Manager' }),
    createTestUser({ displayName: 'Leo Leaver' }),
    createTestUser({ companies: [managerCompany.slug] }),
  ]);
  member = memberUser;
  const users = [adminUser, editorUser, managerUser, leaverUser];
  const sessions = await Promise.all(users.map((user) => openSignedIn(browser, stack, user.email)));
  [admin, editor, manager, leaver] = users.map((user, index) => ({ ...user, session: sessions[index]! })) as [
    Person,
    Person,
    Person,
    Person,
  ];
  // No entrance animations: axe then measures colours as they end up, not half faded in.
  await Promise.all(sessions.map(({ page }) => page.emulateMedia({ reducedMotion: 'reduce' })));
});

afterAll(async () => {
  await browser?.close();
});

describe('administration in the browser', () => {
  it('an invalid slug shows its message next to the slug field; a taken slug is refused there too', async () => {
    const form = await open(CreateCompanyPage, admin);

    await form.create('Bad Slug Inc', 'Bad Slug!');
    await expect.poll(() => descriptionOf(form.slug)).toContain(slugRule);
    expect(await form.slug.getAttribute('aria-invalid')).toBe('true');

    await form.create('Impostor Inc', managerCompany.slug);
    await expect
      .poll(() => descriptionOf(form.slug))
      .toContain(`A company with the slug "${managerCompany.slug}" already exists`);
    expect((await getCompanyRecord(managerCompany.slug))?.companyName).toBe(managerCompany.companyName);
  });

  it('the admin creates a company and invites a user, who signs in from the mail, accepts and sees that company', async () => {
    const company = { slug: `invited-${runId}`, companyName: `Invited Co ${runId}` };
    const invitee = `invitee-${runId}@test.example`;
    const form = await open(CreateCompanyPage, admin);
    await form.create(company.companyName, company.slug, ['Network scanning results']);
    await toast(form.page, 'Company created').waitFor();
    expect(await getCompanyRecord(company.slug)).toMatchObject({
      companyName: company.companyName,
      enableViewResultsNetwork: true,
      enableDast: false,
    });

    await form.page.getByRole('button', { name: 'Invite users' }).click();
    const users = new ManageUsersPage(form.page);
    await users.page.getByRole('table', { name: `Users of ${company.companyName}` }).waitFor();
    const invite = await users.openInvite();
    await invite.getByRole('textbox', { name: 'E-mail' }).fill(invitee);
    await chooseMultiple(invite, users.page, 'Enabled services', ['Network scanning']);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await toast(users.page, 'Invitation sent').waitFor();
    // Not a member until they accept (tests/e2e/invitations.test.ts has the whole exchange).
    await users.members(company.companyName).table.getByText(`${company.companyName} has no users yet.`).waitFor();

    const link = await nextSignInLink(invitee, 0);
    expect((await mailsTo(invitee))[0]?.subject).toContain(company.companyName);
    const context = await contextAwaitingLink(browser, stack.appUrl, invitee);
    try {
      const page = await context.newPage();
      await page.goto(link);
      const shell = new ShellPage(page);
      await shell.userMenuButton.waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: `Accept the invitation to ${company.companyName}` }).click();
      await toast(page, 'Invitation accepted').waitFor();
      await expect.poll(() => shell.menuEntries()).toContain('Reports/Network scanning');

      const profile = new ProfilePage(page);
      await profile.open(ProfilePage.path);
      expect(await profile.defaultCompany.innerText()).toContain(company.companyName);
      // The profile's name reaches the header's user menu once saved.
      await profile.displayName.fill('Ivy Invited');
      await profile.save.click();
      await toast(page, 'Settings saved').waitFor();
      await expect.poll(() => shell.userMenuButton.getAttribute('aria-label')).toContain('Ivy Invited');

      // The weekly digest of the company: off until they turn it on, saved at once, and still on after a reload.
      const weekly = profile.weeklyDigest(company.companyName);
      expect(await weekly.isChecked()).toBe(false);
      await weekly.check();
      await toast(page, 'Weekly digest on').waitFor();
      await expect.poll(() => weeklyDigestSubscribers(company.slug)).toHaveLength(1);
      await profile.open(ProfilePage.path, { reload: true });
      await expect.poll(() => profile.weeklyDigest(company.companyName).isChecked()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('a level 3 manager is offered levels up to 3 only, and the server refuses level 4 with 403', async () => {
    const users = await open(ManageUsersPage, manager);
    const members = users.members(managerCompany.companyName);
    await members.waitForRow(member.email);
    await members.select(member.email);
    await users.page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = dialogNamed(users.page, `Edit ${member.email}`);
    await dialog.waitFor();

    expect(await selectOptions(dialog, users.page, 'Access level')).toEqual([
      'Level 0',
      'Level 1',
      'Level 2',
      'Level 3',
    ]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const refused = await postCall(
      'updateCompanyUser',
      { data: { slug: managerCompany.slug, uid: member.uid, version: 1, accessLevel: 4 } },
      { token: await idTokenOf(users.page) },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      status: 'PERMISSION_DENIED',
      message: expect.stringContaining('accessLevel'),
    });
  });

  it('two browsers edit the same company: the second save shows the conflict and the current value, then re-applies on top', async () => {
    const [first, second] = await Promise.all([open(CompaniesPage, admin), open(CompaniesPage, editor)]);
    const [firstDialog, secondDialog] = await Promise.all([
      first.edit(contested.slug, contested.companyName),
      second.edit(contested.slug, contested.companyName),
    ]);

    await firstDialog.getByRole('textbox', { name: 'Company name' }).fill(`Renamed ${runId}`);
    await firstDialog.getByRole('button', { name: 'Save' }).click();
    await toast(first.page, 'Company saved').waitFor();

    await secondDialog.getByRole('checkbox', { name: 'DAST', exact: true }).check();
    await secondDialog.getByRole('button', { name: 'Save' }).click();
    const conflict = secondDialog.getByRole('alert').filter({ hasText: 'Changed by someone else' });
    await conflict.waitFor();
    const current = conflict.getByRole('group', { name: 'Current value' });
    expect(await current.innerText()).toContain(`Renamed ${runId}`);
    expect(await current.innerText()).toContain(admin.email);
    // The conflict in its dialog passes axe too; the window is tall enough for the whole dialog, as axe
    // counts a label scrolled out of the dialog's scroll area as hidden.
    await second.page.setViewportSize({ width: 1280, height: 1400 });
    try {
      expect(await seriousViolations(second.page)).toEqual([]);
    } finally {
      await second.page.setViewportSize({ width: 1280, height: 720 });
    }

    await conflict.getByRole('button', { name: 'Apply my changes on top' }).click();
    expect(await secondDialog.getByRole('textbox', { name: 'Company name' }).inputValue()).toBe(`Renamed ${runId}`);
    await secondDialog.getByRole('button', { name: 'Save' }).click();
    await toast(second.page, 'Company saved').waitFor();

    expect(await getCompanyRecord(contested.slug)).toMatchObject({
      companyName: `Renamed ${runId}`,
      enableDast: true,
      version: 3,
      updatedBy: editor.email,
    });
    const row = await second.companies.waitForRow(contested.slug);
    expect(await row.innerText()).toMatch(
      new RegExp(`Updated \\d+ seconds? ago by ${editor.email.replace(/[.]/g, '\\.')}`),
    );
  });

  it("'Sign out everywhere' signs that user's open browser out within 15 s", async () => {
    const users = await open(PlatformUsersPage, admin);
    await users.filter.fill(leaver.email);
    await users.users.waitForRow(leaver.email);
    await users.users.select(leaver.email);
    await users.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = dialogNamed(users.page, 'Sign out everywhere');
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    const signedOutAt = Date.now();
    await toast(users.page, 'Signed out everywhere').waitFor();

    await leaver.session.page.getByRole('button', { name: 'Login with Link' }).waitFor({ timeout: 15_000 });
    expect(Date.now() - signedOutAt).toBeLessThan(15_000);
  });

  it("level 9 lists everyone's events on Home", async () => {
    const shell = new ShellPage(admin.session.page);
    await shell.open('/');
    await shell.page.getByRole('table', { name: 'Your events' }).waitFor();
    await shell.page.getByRole('checkbox', { name: "Show everyone's events" }).check();
    const everyone = shell.page.getByRole('table', { name: "Everyone's events" });
    // Another person's change, in words: the editor's save of the contested company.
    await everyone
      .getByRole('row')
      .filter({ hasText: editor.email })
      .filter({ hasText: `Eve Editor turned on DAST for company Renamed ${runId}` })
      .first()
      .waitFor();
    expect(await everyone.getByText('companyUpdated').count()).toBe(0);
  });

  it.each([
    ['create company', CreateCompanyPage.path, 'Create company'],
    ['manage companies', CompaniesPage.path, 'Companies'],
    ['manage users', ManageUsersPage.path, 'Users of'],
    ['platform users', PlatformUsersPage.path, 'Users'],
    ['platform services', '/admin/app/services', 'Services'],
    ['profile', ProfilePage.path, 'Settings'],
  ])('%s has no serious or critical accessibility violations', async (_name, path, heading) => {
    const shell = new ShellPage(admin.session.page);
    await shell.open(path);
    await shell.page.getByRole('heading', { name: heading }).first().waitFor();
    await shell.page
      .getByText(/^Loading /)
      .waitFor({ state: 'detached' })
      .catch(() => undefined);

    expect(await seriousViolations(shell.page)).toEqual([]);
  });
});
