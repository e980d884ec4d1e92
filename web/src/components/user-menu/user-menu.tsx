// The user menu of spec 2: photo (a default avatar if none), display name (fallback 'Anonymous User')
// and handle; the company switch, listed only with more than one company and saved as defaultCompany;
// settings and sign-out.
import { useNavigate } from 'react-router-dom';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import { displayNameOf, handleOf, useSession } from '../session/session-context';
import { useCompanySwitch } from './company-switch';
import { UserAvatar } from './user-avatar';

export function UserMenu() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const { items: companyItems, slugOfItem, switching, switchCompany } = useCompanySwitch();
  const displayName = displayNameOf(user);
  const handle = handleOf(user);

  const items: ButtonDropdownProps.Items = [
    ...(companyItems.length > 0 ? [{ text: 'Company', items: companyItems }] : []),
    { id: 'settings', text: 'Settings', href: '/profile', iconName: 'settings' },
    { id: 'sign-out', text: 'Sign out', iconName: 'sign-out' },
  ];

  const onItemClick: ButtonDropdownProps['onItemClick'] = ({ detail }) => {
    const slug = slugOfItem(detail.id);
    if (detail.id === 'sign-out') {
      void navigate('/', { replace: true });
      void signOut();
    } else if (slug) {
      void switchCompany(slug);
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
