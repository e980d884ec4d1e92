// Page object of the signed-in shell (header, side navigation, user menu, footer), by the roles and
// names a user of assistive technology meets, not by CSS.
import type { Locator, Page } from 'playwright-core';

export const accessDeniedText = 'You do not have access to this page';
export const mustBeSignedInText = 'You must be signed in';

export class ShellPage {
  constructor(readonly page: Page) {}

  get userMenuButton(): Locator {
    return this.page.getByRole('button', { name: /, user menu$/ });
  }

  get navigation(): Locator {
    return this.page.getByRole('navigation', { name: 'Main navigation' });
  }

  /** The header's burger. */
  get navigationToggle(): Locator {
    return this.page.getByRole('button', { name: 'Navigation', exact: true });
  }

  get darkModeToggle(): Locator {
    return this.page.getByRole('button', { name: 'Dark mode' });
  }

  get accessDenied(): Locator {
    return this.page.getByText(accessDeniedText);
  }

  /** The breadcrumbs above the page (none on Home). */
  get breadcrumbs(): Locator {
    return this.page.getByRole('navigation', { name: 'Breadcrumbs' });
  }

  /** The crumbs' texts, Home first. */
  async breadcrumbTexts(): Promise<string[]> {
    await this.breadcrumbs.waitFor();
    const texts = await this.breadcrumbs.getByRole('listitem').allInnerTexts();
    return texts.map((text) => text.trim()).filter((text) => text !== '');
  }

  /** The help panel in the layout's tools area, while open. */
  get helpPanel(): Locator {
    return this.page.getByRole('complementary', { name: 'Help panel' });
  }

  /** The Info link beside a header or field, by what it explains. */
  infoLink(explains: string): Locator {
    return this.page.getByRole('button', { name: `Info about ${explains}` });
  }

  /** The notifications region at the top of the content. */
  get notifications(): Locator {
    return this.page.getByRole('region', { name: 'Notifications' });
  }

  /** The analyst's current company in the header. */
  get currentCompany(): Locator {
    return this.page.getByTestId('current-company');
  }

  /** Opens `path` with a full page load and waits for the shell. */
  async open(path: string): Promise<void> {
    await this.page.goto(new URL(path, this.page.url()).href);
    await this.userMenuButton.waitFor();
  }

  async openNavigation(): Promise<void> {
    if (!(await this.navigation.isVisible())) await this.navigationToggle.click();
    await this.navigation.waitFor();
  }

  /** Every link of the side navigation as 'Section/Link', section by section along the rail. */
  async menuEntries(): Promise<string[]> {
    await this.openNavigation();
    const entries: string[] = [];
    const tabs = this.navigation.getByRole('tab');
    for (const section of await tabs.allInnerTexts()) {
      const tab = this.navigation.getByRole('tab', { name: section.trim(), exact: true });
      await tab.click();
      await this.navigation.getByRole('tabpanel', { name: section.trim(), exact: true }).waitFor();
      const links = await this.navigation.getByRole('tabpanel').getByRole('link').allInnerTexts();
      entries.push(...links.map((link) => `${section.trim()}/${link.trim()}`));
    }
    return entries;
  }

  async openUserMenu(): Promise<Locator> {
    const menu = this.page.getByRole('menu');
    if (!(await menu.isVisible())) await this.userMenuButton.click();
    await menu.waitFor();
    return menu;
  }

  async closeUserMenu(): Promise<void> {
    if (await this.page.getByRole('menu').isVisible()) await this.page.keyboard.press('Escape');
    await this.page.getByRole('menu').waitFor({ state: 'hidden' });
  }

  /** The companies of the user menu's switch (empty when it is not listed). */
  async companyChoices(): Promise<{ name: string; checked: boolean }[]> {
    const menu = await this.openUserMenu();
    const items = menu.getByRole('menuitemcheckbox');
    const choices: { name: string; checked: boolean }[] = [];
    for (let index = 0; index < (await items.count()); index += 1) {
      const item = items.nth(index);
      choices.push({
        name: (await item.innerText()).trim(),
        checked: (await item.getAttribute('aria-checked')) === 'true',
      });
    }
    await this.closeUserMenu();
    return choices;
  }

  async selectedCompany(): Promise<string | undefined> {
    return (await this.companyChoices()).find((choice) => choice.checked)?.name;
  }

  /** Switches company in the user menu and waits until the menu shows it selected. */
  async switchCompany(companyName: string): Promise<void> {
    const menu = await this.openUserMenu();
    await menu.getByRole('menuitemcheckbox', { name: companyName, exact: true }).click();
    // The trigger shows loading (and is disabled) until setDefaultCompany answers.
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      if ((await this.userMenuButton.isEnabled()) && (await this.selectedCompany()) === companyName) return;
      await this.page.waitForTimeout(100);
    }
    throw new Error(`The user menu never showed ${companyName} selected`);
  }

  async signOut(): Promise<void> {
    const menu = await this.openUserMenu();
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  }
}
