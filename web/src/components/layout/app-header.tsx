// The shell's header (spec 2, 80 px): the burger that shows or hides the side navigation, the logo (or
// the product name), the current company for analysts and for anyone with more than one company (a
// switch then), the light/dark toggle and the user menu.
import { Link as RouterLink } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import ToggleButton from '@cloudscape-design/components/toggle-button';
import { isAnalyst } from '../../../../lambdas/kernel/access/rules';
import { branding } from '../../config/branding';
import { useSession } from '../session/session-context';
import { CurrentCompany } from '../user-menu/company-switch';
import { UserMenu } from '../user-menu/user-menu';

export interface AppHeaderProps {
  navigationOpen: boolean;
  onToggleNavigation: () => void;
  darkMode: boolean;
  onToggleDarkMode: () => void;
}

export function AppHeader({ navigationOpen, onToggleNavigation, darkMode, onToggleDarkMode }: AppHeaderProps) {
  const { userAccess, companyList } = useSession();
  return (
    // awsui-context-top-navigation: Cloudscape's dark header context, as its TopNavigation uses.
    <header className="portal-header awsui-context-top-navigation">
      <Button
        variant="icon"
        iconName="menu"
        ariaLabel="Navigation"
        ariaExpanded={navigationOpen}
        ariaControls="portal-navigation"
        onClick={onToggleNavigation}
      />
      <div className="portal-header__identity">
        <RouterLink to="/" className="portal-header__brand">
          {branding.headerLogo ? (
            <img src={branding.headerLogo} alt={branding.productName} className="portal-header__logo" />
          ) : (
            branding.productName
          )}
        </RouterLink>
        {isAnalyst(userAccess) || companyList.length > 1 ? <CurrentCompany /> : null}
      </div>
      <div className="portal-header__utilities">
        <ToggleButton
          variant="icon"
          iconName="light-dark"
          pressedIconName="light-dark"
          ariaLabel="Dark mode"
          pressed={darkMode}
          onChange={onToggleDarkMode}
        />
        <UserMenu />
      </div>
    </header>
  );
}
