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

  /**
   * Opens `path` and waits for the shell. While the signed-in shell is up it moves within the app, as a click on one
   * of its links does, and waits until the shell shows that address's page (data-shown-path, shown-location.tsx):
   * a full load costs a core about a second and re-reads nothing a test of a page needs. What the app keeps from
   * the last load (the session: access, companies, services) is read afresh only by a full load: `reload: true`,
   * for a test that changed it on the server; a full load also where the shell is not up, and for the page shown.
   */
  async open(path: string, { reload = false }: { reload?: boolean } = {}): Promise<void> {
    const target = new URL(path, this.page.url());
    const here = new URL(this.page.url());
    const address = target.pathname + target.search;
    const inApp =
      !reload &&
      target.origin === here.origin &&
      target.hash === '' &&
      address !== here.pathname + here.search &&
      (await this.page.evaluate(() => document.documentElement.dataset.shownPath !== undefined));
    if (!inApp) {
      await this.page.goto(target.href);
      await this.userMenuButton.waitFor();
      return;
    }
    // React Router's own history entry (idx one past the current), then the event its history listens to.
    await this.page.evaluate((to) => {
      const state = history.state as { idx?: number } | null;
      history.pushState(
        { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (state?.idx ?? 0) + 1 },
        '',
        to,
      );
      window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    }, address);
    await this.page.waitForFunction((to) => document.documentElement.dataset.shownPath === to, address);
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
