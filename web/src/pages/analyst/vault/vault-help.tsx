// Help of the vault pages: share links and request links.
import HelpPanel from '@cloudscape-design/components/help-panel';
import { menuLevels } from '../../../../../lambdas/kernel/access/rules';

export function VaultShareHelp() {
  return (
    <HelpPanel header={<h2>Vault share links</h2>}>
      <p>
        Send a secret (a password, a VPN configuration, a file) to someone without an account. For access level{' '}
        {menuLevels.vaultLinks} and above.
      </p>
      <ul>
        <li>
          Your browser encrypts the secret (AES-256-GCM) before it leaves; the key is only in the link, after the #,
          which browsers never send to a server. The server stores ciphertext only.
        </li>
        <li>
          Opening the link shows a page with a Reveal button; nothing is used up until Reveal, so mail scanners and chat
          previews do not burn it.
        </li>
        <li>After its last view, or when it expires or you revoke it, the secret is gone from the server.</li>
        <li>For more safety, send the link without its key by one channel and the key by another (a call, a chat).</li>
      </ul>
    </HelpPanel>
  );
}

export function VaultRequestHelp() {
  return (
    <HelpPanel header={<h2>Vault request links</h2>}>
      <p>Ask a customer for a secret: they open the link (no account), and their browser encrypts it to your key.</p>
      <ul>
        <li>
          Your browser makes a key pair for each request. The private key stays in this browser (it cannot be read out);
          the link carries the public key’s fingerprint, so a swapped key is refused by the customer’s browser.
        </li>
        <li>Save the key file to collect the reply on another device or browser; treat it as a secret.</li>
        <li>
          If the browser’s data and the key file are both lost, the reply cannot be opened by anyone: revoke the request
          and ask again.
        </li>
        <li>You get an e-mail (without the content) when the request is answered. Only you can collect it, once.</li>
      </ul>
    </HelpPanel>
  );
}
