// The user menu of spec 2: photo (a default avatar if none), display name (fallback 'Anonymous User')
// and handle; the company switch, listed only with more than one company and saved as defaultCompany;
// settings and sign-out.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import { useNotifications } from '../notifications/notifications-context';
import { displayNameOf, handleOf, useSession } from '../session/session-context';
import { UserAvatar } from './user-avatar';

const companyItemPrefix = 'company:';

export function UserMenu() {
  const { user, company, companyList, setCompany, signOut } = useSession();
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const [switching, setSwitching] = useState(false);
  const displayName = displayNameOf(user);
  const handle = handleOf(user);

  const items: ButtonDropdownProps.Items = [
    ...(companyList.length > 1
      ? [
          {
            text: 'Company',
            items: companyList.map((option): ButtonDropdownProps.CheckboxItem => ({
              id: `${companyItemPrefix}${option.slug}`,
              text: option.companyName,
              itemType: 'checkbox',
              checked: option.slug === company,
            })),
          },
        ]
      : []),
    { id: 'settings', text: 'Settings', href: '/profile', iconName: 'settings' },
    { id: 'sign-out', text: 'Sign out', iconName: 'sign-out' },
  ];

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

  const onItemClick: ButtonDropdownProps['onItemClick'] = ({ detail }) => {
    if (detail.id === 'sign-out') {
      void navigate('/', { replace: true });
      void signOut();
    } else if (detail.id.startsWith(companyItemPrefix)) {
      void switchCompany(detail.id.slice(companyItemPrefix.length));
    }
  };

  return (
    <ButtonDropdown
      items={items}
      onItemClick={onItemClick}
      onItemFollow={(event) => {
        if (event.detail.href) {
          event.preventDefault();
          void navigate(event.detail.href);
        }
      }}
      loading={switching}
      // The visible name and handle come first, so the accessible name contains what sighted users read.
      ariaLabel={`${displayName} ${handle}, user menu`}
      expandToViewport
    >
      <span className="portal-user-menu__trigger">
        <UserAvatar photoURL={user.photoURL} />
        <span className="portal-user-menu__names">
          <span className="portal-user-menu__name">{displayName}</span>{' '}
          <span className="portal-user-menu__handle">{handle}</span>
        </span>
      </span>
    </ButtonDropdown>
  );
}
