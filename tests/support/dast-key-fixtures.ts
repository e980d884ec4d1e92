// DAST API keys made through the product's own rule (createDastKeyAs) as an analyst of level 9, for tests that
// need one to roll or revoke; the key's text is returned for tests that verify with it.
import { createDastKeyAs } from '../../lambdas/kernel/dast-keys/dast-keys.js';
import { demoAnalystCaller } from '../../infra/local/demo-caller.js';

export async function seedDastKey(slug: string): Promise<{ keyId: string; key: string }> {
  const caller = demoAnalystCaller({ uid: 'fixtures', email: 'fixtures@test.example' }, 9);
  const { key, dastKey } = await createDastKeyAs(caller, slug, {
    name: `Seeded ${Date.now().toString(36)}`,
    allowedTargets: ['https://app.acme.example/'],
  });
  return { keyId: dastKey.keyId, key };
}
