// The shell's footer (spec 2, 60 px): the hotkey hint, the optional light and dark logos of the build
// settings, the contact button and the version hover card.
import { branding } from '../../config/branding';
import { ContactButton } from '../contact/contact-button';
import { shellHotkeys } from '../hotkeys/hotkeys';
import { hotkeyLabel } from '../hotkeys/use-hotkeys';
import { VersionHoverCard } from './version-hover-card';

export function AppFooter() {
  const { footerLogoLight, footerLogoDark, productName } = branding;
  return (
    <footer className="portal-footer">
      <span className="portal-footer__hint">
        Press <kbd className="portal-kbd">{hotkeyLabel(shellHotkeys.help.hotkey)}</kbd> for keyboard shortcuts
      </span>
      <span className="portal-footer__logos">
        {footerLogoLight ? (
          <img className="portal-logo--light" src={footerLogoLight} alt={productName} height={32} />
        ) : null}
        {footerLogoDark ? (
          <img className="portal-logo--dark" src={footerLogoDark} alt={productName} height={32} />
        ) : null}
      </span>
      <span className="portal-footer__actions">
        <ContactButton />
        <VersionHoverCard />
      </span>
    </footer>
  );
}
