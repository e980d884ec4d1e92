// Page object of the analyst service pages (/analyst/services/…), by the roles and names a user of
// assistive technology meets: the tabs, the findings, scans and assets tables, the import panel and form,
// the finding's curation fields (each a named group holding its control, status icon and lock) and the
// bulk update panel.
import type { Locator, Page } from 'playwright-core';
import { ListTable, dialogNamed } from './admin-pages.js';
import { ShellPage } from './shell-page.js';

export const servicePaths = {
  projectmariana: '/analyst/services/projectmariana',
  dast: '/analyst/services/dast',
  network: '/analyst/services/network',
  cloud: '/analyst/services/cloud',
  password_cracking: '/analyst/services/password-cracking',
} as const;

export class AnalystServicePage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  heading(title: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: title });
  }

  tab(name: 'Findings' | 'Scans' | 'Assets'): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  get findings(): ListTable {
    return new ListTable(this.page, 'Findings', 'Find findings');
  }

  get scans(): ListTable {
    return new ListTable(this.page, 'Scans', 'Find scans');
  }

  get assets(): ListTable {
    return new ListTable(this.page, 'Assets', 'Find assets');
  }

  /** The header's Import scan button (the empty states offer one too). */
  get importButton(): Locator {
    return this.page.getByRole('main').getByRole('button', { name: 'Import scan', exact: true }).first();
  }

  /** The panel that follows the import: its progress bar, then what it did. */
  get importPanel(): Locator {
    return this.page.getByRole('region', { name: 'Scan import' });
  }

  get findingDetail(): Locator {
    return this.page.getByRole('region', { name: 'Finding detail' });
  }

  async openImportForm(): Promise<Locator> {
    await this.importButton.click();
    const dialog = dialogNamed(this.page, 'Import a scan');
    await dialog.waitFor();
    return dialog;
  }

  /** The panel that follows a bulk update: its progress bar, then what it did. */
  get bulkPanel(): Locator {
    return this.page.getByRole('region', { name: 'Bulk update' });
  }

  /** One curation field of the open finding: its control, its status icon and its lock's panel. */
  findingField(label: string): Locator {
    return this.findingDetail.getByRole('group', { name: label, exact: true });
  }

  /** The field's status icon named `status` ('Saving', 'Saved', 'Conflict', 'Rejected', 'Save failed'). */
  fieldStatus(label: string, status: string): Locator {
    return this.findingField(label).getByRole('img', { name: status, exact: true });
  }

  /** Opens a finding's detail by its address, as a shared link would. */
  async openFinding(path: string, findingId: string): Promise<void> {
    await this.open(`${path}?finding=${findingId}`);
    await this.findingDetail.getByRole('group', { name: 'Title', exact: true }).waitFor();
  }
}
