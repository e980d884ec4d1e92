// Page objects of the administration pages and the profile, by the roles and names a user of assistive
// technology meets (Cloudscape renders labelled controls), not by CSS.
import type { Locator, Page } from 'playwright-core';
import { ShellPage } from './shell-page.js';

/** The text a control's aria-describedby points at (a Cloudscape FormField's error, description, constraint). */
export async function descriptionOf(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/** The signed-in user's ID token, as Amplify keeps it in the page's localStorage. */
export async function idTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });
  if (!token) throw new Error('No ID token in the page');
  return token;
}

/** A Cloudscape table by its accessible name, with its rows, selection and pagination. */
export class AdminTable {
  constructor(
    readonly page: Page,
    readonly table: Locator,
  ) {}

  row(text: string): Locator {
    return this.table.getByRole('row').filter({ hasText: text });
  }

  /** Selects the row whose selection control is named 'Select <name>'. */
  async select(name: string): Promise<void> {
    await this.table.getByRole('radio', { name: `Select ${name}`, exact: true }).check({ force: true });
  }

  async waitForRow(text: string, timeout = 10_000): Promise<Locator> {
    const row = this.row(text);
    await row.first().waitFor({ timeout });
    return row.first();
  }
}

/**
 * A list page's table with its controls (the shared server table): the text filter, the empty and
 * no-match states, the preferences gear, and the column headers and rows as shown.
 */
export class ListTable extends AdminTable {
  constructor(
    page: Page,
    tableName: string,
    readonly filterLabel: string,
  ) {
    super(page, page.getByRole('table', { name: tableName, exact: true }));
  }

  get filter(): Locator {
    return this.page.getByRole('searchbox', { name: this.filterLabel });
  }

  /** The no-match state's title for this text, e.g. 'No users match "xyz"'. */
  noMatch(noun: string, text: string): Locator {
    return this.table.getByText(`No ${noun} match "${text}"`, { exact: false });
  }

  get clearFilterButton(): Locator {
    return this.table.getByRole('button', { name: 'Clear filter', exact: true });
  }

  /** The column headers' names, in order. */
  async columnNames(): Promise<string[]> {
    const names = await this.table.getByRole('columnheader').allInnerTexts();
    return names.map((name) => name.trim()).filter(Boolean);
  }

  /** Rows of data shown (not the header row). */
  async rowCount(): Promise<number> {
    return (await this.table.getByRole('row').count()) - 1;
  }

  /** Opens the preferences gear and returns its dialog. */
  async openPreferences(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Preferences', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Preferences' });
    await dialog.waitFor();
    return dialog;
  }
}

/** The open modal dialog named `name`. */
export function dialogNamed(page: Page, name: string | RegExp): Locator {
  return page.getByRole('dialog', { name });
}

/** Opens a Cloudscape Select (the button named after its FormField label) and returns its option texts. */
export async function selectOptions(scope: Locator, page: Page, label: string): Promise<string[]> {
  const trigger = scope.getByRole('button', { name: new RegExp(`^${label}`) });
  await trigger.click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  const options = await listbox.getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  return options.map((text) => text.split('\n')[0]!.trim());
}

/** Picks options of a Cloudscape Multiselect (a button named after its FormField label), then closes it. */
export async function chooseMultiple(scope: Locator, page: Page, label: string, options: string[]): Promise<void> {
  await scope.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  const listbox = page.getByRole('listbox');
  for (const option of options) await listbox.getByRole('option', { name: new RegExp(`^${option}`) }).click();
  await page.keyboard.press('Escape');
}

/** The toast of spec 9 with this title. */
export function toast(page: Page, title: string): Locator {
  return page.getByRole('region', { name: 'Notifications' }).getByRole('status').filter({ hasText: title });
}

export class CreateCompanyPage extends ShellPage {
  static readonly path = '/admin/company/create-company';
  get name(): Locator {
    return this.page.getByRole('textbox', { name: 'Company name' });
  }
  get slug(): Locator {
    return this.page.getByRole('textbox', { name: 'Slug' });
  }
  flag(label: string): Locator {
    return this.page.getByRole('checkbox', { name: label, exact: true });
  }
  get submit(): Locator {
    return this.page.getByRole('button', { name: 'Create company', exact: true });
  }
  async create(companyName: string, slug: string, flags: string[] = []): Promise<void> {
    await this.name.fill(companyName);
    await this.slug.fill(slug);
    for (const flag of flags) await this.flag(flag).check();
    await this.submit.click();
  }
}

export class CompaniesPage extends ShellPage {
  static readonly path = '/admin/company';
  get companies(): ListTable {
    return new ListTable(this.page, 'Companies', 'Find companies');
  }
  get filter(): Locator {
    return this.page.getByRole('searchbox', { name: 'Find companies' });
  }
  async edit(slug: string, companyName: string): Promise<Locator> {
    await this.filter.fill(slug);
    await this.companies.waitForRow(slug);
    await this.companies.select(companyName);
    await this.page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = dialogNamed(this.page, 'Edit company');
    await dialog.waitFor();
    return dialog;
  }
}

export class ManageUsersPage extends ShellPage {
  static readonly path = '/admin/company/manage-users';
  members(companyName: string): ListTable {
    return new ListTable(this.page, `Users of ${companyName}`, 'Find users');
  }
  async openInvite(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Invite user', exact: true }).first().click();
    const dialog = dialogNamed(this.page, 'Invite user');
    await dialog.waitFor();
    return dialog;
  }
}

export class PlatformUsersPage extends ShellPage {
  static readonly path = '/admin/app/users';
  get users(): ListTable {
    return new ListTable(this.page, 'Users', 'Find users');
  }
  get filter(): Locator {
    return this.page.getByRole('searchbox', { name: 'Find users' });
  }
}

export class ProfilePage extends ShellPage {
  static readonly path = '/profile';
  get displayName(): Locator {
    return this.page.getByRole('textbox', { name: 'Display name' });
  }
  get defaultCompany(): Locator {
    return this.page.getByRole('button', { name: /^Default company/ });
  }
  get save(): Locator {
    return this.page.getByRole('button', { name: 'Save', exact: true });
  }
  /** The weekly digest's toggle of a company (Settings' "Weekly digest"). */
  weeklyDigest(companyName: string): Locator {
    return this.page.getByLabel(`Weekly digest of ${companyName}`);
  }
}
