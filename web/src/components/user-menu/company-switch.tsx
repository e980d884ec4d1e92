// Which company is in use, and the switch between companies (spec 2: listed only with more than one,
// saved as defaultCompany). The header shows it to analysts (spec 6) and to anyone with more than one
// company, so a customer of two companies can always tell which one the pages show; the user menu
// offers the same switch.
import { useState } from 'react';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import { useNotifications } from '../notifications/notifications-context';
import { useCompanyName, useSession } from '../session/session-context';

const companyItemPrefix = 'company:';

export interface CompanySwitch {
  /** The companies to choose from as menu items; none with one company or fewer. */
  items: ButtonDropdownProps.ItemOrGroup[];
  /** The slug of a menu item's id, or undefined for items of other kinds. */
  slugOfItem: (itemId: string) => string | undefined;
  switching: boolean;
  switchCompany: (slug: string) => Promise<void>;
}

export function useCompanySwitch(): CompanySwitch {
  const { company, companyList, setCompany } = useSession();
  const { notify } = useNotifications();
  const [switching, setSwitching] = useState(false);

  const switchCompany = async (slug: string) => {
    if (slug === company) return;
    setSwitching(true);
    try {
      await setCompany(slug);
    } catch {
      notify({ type: 'error', title: 'Error', message: 'The company could not be switched. Please try again.' });
    } finally {
      setSwitching(false);
    }
  };

  return {
    items:
      companyList.length > 1
        ? companyList.map((option): ButtonDropdownProps.CheckboxItem => ({
            id: `${companyItemPrefix}${option.slug}`,
            text: option.companyName,
            itemType: 'checkbox',
            checked: option.slug === company,
          }))
        : [],
    slugOfItem: (itemId) => (itemId.startsWith(companyItemPrefix) ? itemId.slice(companyItemPrefix.length) : undefined),
    switching,
    switchCompany,
  };
}

/** The header's company: a switch with more than one company, else the name (analysts, spec 6). */
export function CurrentCompany() {
  const name = useCompanyName();
  const { items, slugOfItem, switching, switchCompany } = useCompanySwitch();
  const shown = name ?? 'No company selected';
  if (items.length === 0) {
    return (
      <div className="portal-header__company" data-testid="current-company">
        <span className="portal-visually-hidden">Current company: </span>
        {shown}
      </div>
    );
  }
  return (
    <div className="portal-header__company-switch" data-testid="current-company">
      <ButtonDropdown
        items={items}
        onItemClick={({ detail }) => {
          const slug = slugOfItem(detail.id);
          if (slug) void switchCompany(slug);
        }}
        loading={switching}
        loadingText="Switching company"
        ariaLabel={`Current company: ${shown}. Switch company`}
        expandToViewport
      >
        <span className="portal-header__company-name">{shown}</span>
      </ButtonDropdown>
    </div>
  );
}
