// Demo vault links for analyst@example.com, so the vault pages show content on a first `npm start`: a share
// link waiting to be opened, one already opened, and a request waiting for its answer. They are made as the
// browser makes them (encrypted with the page's own WebCrypto module); the secrets are random and their keys
// are dropped at once, so nothing secret is in the repository or the data directory. Seeded once per analyst.
import { demoAnalystCaller } from './demo-caller.js';
import { randomBytes } from 'node:crypto';
import { listVaultLinksOf } from '../../lambdas/kernel/data/entities/vault-links.js';
import { claimShareLink, createShareLink, createVaultRequest } from '../../lambdas/kernel/vault/vault-links.js';
import { newRequestKeyPair, newShareKeys, sealShare, verifierHashOf } from '../../web/src/vault/vault-crypto.js';

const seedRequest = { requestId: 'seed', clientAddress: () => Promise.resolve('127.0.0.1') };

export async function seedDemoVault(analyst: { uid: string; email: string }): Promise<void> {
  if ((await listVaultLinksOf(analyst.uid, { limit: 1 })).items.length > 0) return;
  const caller = demoAnalystCaller(analyst);
  const share = async (label: string, companySlug: string) => {
    const keys = await newShareKeys();
    const { linkId } = await createShareLink(
      caller,
      {
        ciphertext: { inline: await sealShare(keys, { kind: 'text', text: randomBytes(18).toString('base64url') }) },
        verifierHash: await verifierHashOf(keys.verifier),
        expiresIn: '7d',
        maxViews: 1,
        companySlug,
        label,
      },
      seedRequest,
    );
    return { linkId, verifier: keys.verifier };
  };
  const opened = await share('Demo: scope file for the Acme test', 'acme');
  await claimShareLink(opened, seedRequest);
  await share('Demo: test account password for Globex', 'globex');
  const { publicKey } = await newRequestKeyPair();
  await createVaultRequest(
    caller,
    { publicKey, label: 'Demo: the VPN credentials for the Acme test', expiresIn: '7d', companySlug: 'acme' },
    seedRequest,
  );
}
