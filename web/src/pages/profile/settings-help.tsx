// Help of /profile (Settings): what each setting changes and where it is kept.
import HelpPanel from '@cloudscape-design/components/help-panel';
import { anonymousUserName } from '../../components/session/session-context';

export function SettingsHelp() {
  return (
    <HelpPanel header={<h2>Settings</h2>}>
      <p>Your profile and preferences, saved for your account, so they follow you to every browser.</p>
      <h3>Profile</h3>
      <ul>
        <li>The display name shows in the header&apos;s user menu; left empty, it reads {anonymousUserName}.</li>
        <li>The photo address is an https:// picture; left empty, the default avatar shows.</li>
        <li>Your handle is the part of your e-mail before the @. It cannot be changed here.</li>
      </ul>
      <h3>Default company</h3>
      <p>
        The company selected when you sign in, and the same choice as the company switch. It decides the services and
        pages you see. It can be chosen only when you belong to more than one company.
      </p>
      <h3>Colour scheme</h3>
      <p>
        Auto follows your device; Light and Dark stay as chosen. The header&apos;s toggle and Ctrl + J (⌘ + J on a Mac)
        change it for this browser.
      </p>
      <h3>Weekly digest</h3>
      <p>
        Turn it on per company to get a mail each Monday with that week&apos;s new, reopened, newly overdue, newly known
        exploited and fixed findings, for the services you may view, each with a link to its report. No mail is sent for
        a week without changes. Each mail has a link that turns that company&apos;s digest off in one click.
      </p>
      <h3>Passkeys</h3>
      <p>
        A passkey signs you in with your device&apos;s fingerprint, face or PIN, without waiting for a mail: type your
        e-mail on the sign-in screen and choose Sign in with a passkey. Add a passkey on each device you use; it works
        on this site only. Removing one here stops it signing you in; your device may still list it until you delete it
        there.
      </p>
    </HelpPanel>
  );
}
