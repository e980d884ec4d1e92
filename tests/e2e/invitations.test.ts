// Invitations in headless Chromium: a level 3 administrator of Acme Corp invites a new address and a member
// of another company and is told the same for both; neither is listed until they answer. The member accepts
// on Home (axe passes with the invitation showing) and lands on Acme Corp, listed at the invited level; the
// new address signs in from the invitation mail, declines, and belongs to no company.
// Fresh people only (one sign-in link per address a minute): the demo accounts belong to the shell test.
import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ManageUsersPage, toast } from '../support/admin-pages.js';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import { mailsTo, nextSignInLink } from '../support/outbox.js';
import { ShellPage } from '../support/shell-page.js';
import { contextAwaitingLink, signInInBrowser, type SignedInBrowser } from '../support/sign-in.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
const runId = randomUUID().slice(0, 6);
const acme = 'Acme Corp';

let browser: Browser;
let admin: SignedInBrowser; // customer, level 3 in acme
let member: { uid: string; email: string; session: SignedInBrowser }; // customer, level 1 in globex
const newcomer = `newcomer-${runId}@test.example`; // no account before the invitation
/** The admin's 'Invitation sent' message per address, with the address taken out. */
const sentMessages = new Map<string, string>();

/** The invitation alert on Home, by its Accept button's name. */
const acceptButton = (page: Page) => page.getByRole('button', { name: `Accept the invitation to ${acme}` });
const declineButton = (page: Page) => page.getByRole('button', { name: `Decline the invitation to ${acme}` });

/** Picks one option of a Cloudscape Select (a button named after its FormField label). */
async function chooseOne(scope: Locator, page: Page, label: string, option: string): Promise<void> {
  await scope.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  await page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(`^${option}`) })
    .click();
}

/** The admin's member list of Acme Corp, filtered to one address (the suite's many members of acme page it). */
async function membersFound(email: string): Promise<{ listed: Locator; notListed: Locator }> {
  const users = new ManageUsersPage(admin.page);
  await users.open(ManageUsersPage.path);
  const members = users.members(acme);
  await members.filter.fill(email);
  return { listed: members.row(email), notListed: members.noMatch('users', email) };
}

async function invite(email: string, level: string): Promise<void> {
  const users = new ManageUsersPage(admin.page);
  await users.open(ManageUsersPage.path);
  await users.members(acme).table.waitFor();
  const dialog = await users.openInvite();
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await chooseOne(dialog, users.page, 'Access level', level);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  const sent = toast(users.page, 'Invitation sent').filter({ hasText: email });
  await sent.waitFor();
  sentMessages.set(email, (await sent.innerText()).replaceAll(email, '<address>'));
}

beforeAll(async () => {
  browser = await launchBrowser();
  const [adminUser, memberUser] = await Promise.all([
    createTestUser({
      displayName: 'Ines Inviter',
      accessLevel: 3,
      memberships: { acme: { accessLevel: 3, servicesEnabled: [] } },
    }),
    createTestUser({ displayName: 'Gus Globex', memberships: { globex: { accessLevel: 1, servicesEnabled: [] } } }),
  ]);
  // The member signs in before the invitation: it issues a link of its own, after which asking for one waits a minute.
  const [adminSession, memberSession] = await Promise.all(
    [adminUser, memberUser].map((user) => signInInBrowser(browser, stack, user.email)),
  );
  admin = adminSession!;
  member = { ...memberUser, session: memberSession! };
  // No entrance animations: axe then measures colours as they end up, not half faded in.
  await Promise.all([admin, member.session].map(({ page }) => page.emulateMedia({ reducedMotion: 'reduce' })));
});

afterAll(async () => {
  await browser?.close();
});

describe('invitations in the browser', () => {
  it('the admin is told the same for a new address and for a member of another company; neither is listed yet', async () => {
    await invite(newcomer, 'Level 1');
    await invite(member.email, 'Level 2');

    expect(sentMessages.get(newcomer)).toContain('They join when they accept it.');
    expect(sentMessages.get(member.email)).toBe(sentMessages.get(newcomer));
    for (const email of [newcomer, member.email]) {
      const { notListed } = await membersFound(email);
      await notListed.waitFor();
    }
  });

  it('the member sees the invitation on Home (axe passes), accepts, and is on Acme Corp at once', async () => {
    const shell = new ShellPage(member.session.page);
    await shell.open('/');
    const alert = shell.page.getByText(`${acme} invited you`, { exact: true });
    await alert.waitFor();
    expect(
      await shell.page.getByText(/Ines Inviter invited you .* to join Acme Corp with access level 2\./).count(),
    ).toBe(1);
    expect(await seriousViolations(shell.page)).toEqual([]);

    await acceptButton(shell.page).click();
    await toast(shell.page, 'Invitation accepted').waitFor();
    await alert.waitFor({ state: 'detached' });
    expect(await shell.companyChoices()).toEqual(
      expect.arrayContaining([
        { name: acme, checked: true },
        { name: 'Globex', checked: false },
      ]),
    );
  });

  it("the admin's list, reloaded, shows the member at the invited level", async () => {
    const { listed } = await membersFound(member.email);
    await listed.waitFor();
    expect(await listed.innerText()).toContain('Level 2');
  });

  it('the new address signs in from the invitation mail and declines: the alert goes, and they join nothing', async () => {
    const [mail] = await mailsTo(newcomer);
    expect(mail?.subject).toBe(`${acme} invited you to Security Portal`);
    expect(mail?.body.text).toContain(`Ines Inviter invited you to join ${acme} on Security Portal.`);
    expect(mail?.body.text).toContain(`You join ${acme} only if you accept`);

    const link = await nextSignInLink(newcomer, 0);
    const context = await contextAwaitingLink(browser, stack.appUrl, newcomer);
    const page = await context.newPage();
    await page.goto(link);
    const shell = new ShellPage(page);
    await shell.userMenuButton.waitFor({ timeout: 20_000 });

    await declineButton(page).click();
    await toast(page, 'Invitation declined').waitFor();
    await page.getByText(`${acme} invited you`, { exact: true }).waitFor({ state: 'detached' });
    expect(await shell.companyChoices()).toEqual([]);
    // Still gone after a reload: the answer is kept.
    await shell.open('/');
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    expect(await acceptButton(page).count()).toBe(0);
    const { notListed } = await membersFound(newcomer);
    await notListed.waitFor();
  });
});
