// Demo DAST API keys, once: Acme's CI pipeline triggers scans of its web apps, and a dashboard reads results. Made
// through the product's own rules (createDastKeyAs); the keys' text is thrown away, never printed or stored: a
// demo user who wants a working key creates or rolls one on /admin/dast.
import { demoAnalystCaller } from './demo-caller.js';
import { readCompanyWithKeys } from '../../lambdas/kernel/data/entities/dast-keys.js';
import { createDastKeyAs, type DastKeyInput } from '../../lambdas/kernel/dast-keys/dast-keys.js';

const demoDastKeys: Record<string, DastKeyInput[]> = {
  acme: [
    {
      name: 'CI pipeline (GitHub Actions)',
      scopes: ['dast:trigger', 'dast:status:read'],
      allowedTargets: ['https://app.acme.example/', 'api.acme.example'],
      expiresInDays: 90,
    },
    {
      name: 'Security dashboard',
      scopes: ['dast:status:read', 'dast:results:read'],
      allowedTargets: ['*.acme.example'],
      expiresInDays: 30,
    },
  ],
};

export async function seedDemoDastKeys(analyst: { uid: string; email: string }): Promise<void> {
  const caller = demoAnalystCaller(analyst);
  for (const [slug, keys] of Object.entries(demoDastKeys)) {
    if ((await readCompanyWithKeys(slug)).entries.length > 0) continue;
    for (const key of keys) await createDastKeyAs(caller, slug, key);
  }
}
