// Vault links put straight into the table (as createVaultLink and fulfilVaultRequest leave them), for the
// matrix, the bench's per-call counts and the fuzzing: random bytes stand in for ciphertext, and the verifier
// of a share is known to the test. Free of vitest.
import { createHash, randomBytes } from 'node:crypto';
import { putNewVaultLink, type VaultLinkItem } from '../../lambdas/kernel/data/entities/vault-links.js';
import { newVaultLinkId } from '../../lambdas/kernel/vault/vault-links.js';

/** A P-256 public key (SPKI, base64url) that is no one's in particular. */
const somePublicKey =
  'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE-gHJ_dAIBxrvEFVcUtv5E5HBs45Zu0nkqjrHySQ1WHOwDqXPVZQ1Smi83nh4mobe9oUZ7eElgud77EPKHPdMlA';

async function seed(link: Omit<VaultLinkItem, 'linkId' | 'createdAt' | 'expiresAt' | 'createdByEmail'>) {
  const now = Date.now();
  const item: VaultLinkItem = {
    linkId: newVaultLinkId(),
    createdAt: now,
    expiresAt: now + 3600_000,
    createdByEmail: `${link.createdBySub}@test.example`,
    ...link,
  };
  await putNewVaultLink(item, {
    linkId: item.linkId,
    kind: item.kind,
    event: 'created',
    at: now,
    id: randomBytes(6).toString('base64url'),
    addressKey: 'fixture',
  });
  return item.linkId;
}

/** A waiting one-view share link of this owner, and the verifier that reveals it. */
export async function seedShareLink(ownerUid: string): Promise<{ linkId: string; verifier: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const linkId = await seed({
    kind: 'share',
    createdBySub: ownerUid,
    verifierHash: createHash('sha256').update(verifier).digest('hex'),
    maxViews: 1,
    viewsLeft: 1,
    ciphertext: new Uint8Array(randomBytes(64)),
    size: 64,
  });
  return { linkId, verifier };
}

/** A request of this owner, waiting for its reply or already answered. */
export async function seedVaultRequest(ownerUid: string, state: 'waiting' | 'fulfilled'): Promise<string> {
  return seed({
    kind: 'request',
    createdBySub: ownerUid,
    label: 'Fixture request',
    publicKey: somePublicKey,
    fingerprint: 'fixture',
    requestState: state,
    ...(state === 'fulfilled'
      ? { reply: { ephemeralPublicKey: somePublicKey, ciphertext: new Uint8Array(randomBytes(64)) }, size: 64 }
      : {}),
  });
}

/** A valid reply's fields (the server checks the ephemeral key's form, not whose it is). */
export function someReply(): { ephemeralPublicKey: string; ciphertext: string } {
  return { ephemeralPublicKey: somePublicKey, ciphertext: randomBytes(64).toString('base64') };
}
