// Page object of the finding-template library (/templates/finding), by the roles and names a user of
// assistive technology meets: the search box, the library table, the create dialog, the template opened
// below the table, and its auto-saving fields (each a group named after its label, holding the control,
// the status icon and, during a conflict, the panel with both values and Keep mine / Take theirs).
import type { Locator, Page } from 'playwright-core';
import { dialogNamed } from './admin-pages.js';
import { ShellPage } from './shell-page.js';

export const findingTemplatesPath = '/templates/finding';

export class TemplateLibraryPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  async openLibrary(templateId?: string): Promise<void> {
    await this.open(
      templateId ? `${findingTemplatesPath}?template=${encodeURIComponent(templateId)}` : findingTemplatesPath,
    );
    await this.page.getByRole('heading', { level: 1, name: 'Finding templates' }).waitFor();
  }

  get searchBox(): Locator {
    return this.page
      .getByRole('searchbox', { name: 'Search templates' })
      .or(this.page.getByRole('textbox', { name: 'Search templates' }));
  }

  get library(): Locator {
    return this.page.getByRole('table', { name: 'Finding templates' });
  }

  /** The library's row whose title link reads `title`. */
  row(title: string | RegExp): Locator {
    return this.library.getByRole('row').filter({ has: this.page.getByRole('link', { name: title }) });
  }

  get template(): Locator {
    return this.page.getByRole('region', { name: 'Template' });
  }

  /** An auto-saving field of the open template. */
  field(label: string): AutoSaveField {
    return new AutoSaveField(this.template.getByRole('group', { name: label, exact: true }), label);
  }

  async openCreateDialog(): Promise<Locator> {
    await this.page.getByRole('main').getByRole('button', { name: 'Create template' }).first().click();
    const dialog = dialogNamed(this.page, 'Create template');
    await dialog.waitFor();
    return dialog;
  }
}

export type AutoSaveStatusName = 'Saving' | 'Saved' | 'Conflict' | 'Rejected' | 'Save failed';

export class AutoSaveField {
  constructor(
    readonly group: Locator,
    readonly label: string,
  ) {}

  /** The field's text control (input or textarea). */
  get control(): Locator {
    return this.group.getByRole('textbox', { name: this.label });
  }

  status(name: AutoSaveStatusName): Locator {
    return this.group.getByRole('img', { name, exact: true });
  }

  /** The value shown in the conflict panel ('Stored' or 'Yours'). */
  conflictValue(which: 'Stored' | 'Yours'): Locator {
    return this.group.getByText(new RegExp(`^${which}:`)).locator('xpath=..');
  }

  get keepMine(): Locator {
    return this.group.getByRole('button', { name: `Keep mine: ${this.label}` });
  }

  get takeTheirs(): Locator {
    return this.group.getByRole('button', { name: `Take theirs: ${this.label}` });
  }
}
