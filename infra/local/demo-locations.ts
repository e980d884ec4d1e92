// Demo scanning locations, once: Acme scans its office from a customer site and its web apps from a hosted region;
// Globex's plant reuses Acme's private range in a network of its own. Written through the product's own rules
// (createLocationAs), so the ranges are checked as an analyst's would be.
import { demoAnalystCaller } from './demo-caller.js';
import { listLocationItems } from '../../lambdas/kernel/data/entities/locations.js';
import { createLocationAs, type LocationInput } from '../../lambdas/kernel/locations/locations.js';

const demoLocations: Record<string, LocationInput[]> = {
  acme: [
    {
      name: 'Acme HQ (Berlin)',
      kind: 'site',
      cidrs: ['10.10.0.0/16'],
      exclusions: ['10.10.99.0/24'],
      domains: ['intranet.acme.example'],
      scanWindow: { days: ['sat', 'sun'], start: '22:00', end: '06:00', timeZone: 'Europe/Berlin' },
      isDefault: true,
    },
    {
      name: 'AWS eu-central-1',
      kind: 'hosted-region',
      region: 'eu-central-1',
      cidrs: ['198.51.100.0/24'],
      exclusions: [],
      domains: ['acme.example', '*.acme.example'],
      isDefault: false,
    },
  ],
  globex: [
    {
      name: 'Globex plant network',
      kind: 'segment',
      cidrs: ['10.10.0.0/16', '172.20.0.0/14'],
      exclusions: [],
      domains: [],
      networkLabel: 'globex-plant',
      isDefault: true,
    },
  ],
};

export async function seedDemoLocations(analyst: { uid: string; email: string }): Promise<void> {
  const caller = demoAnalystCaller(analyst);
  for (const [slug, locations] of Object.entries(demoLocations)) {
    if ((await listLocationItems(slug)).length > 0) continue;
    for (const location of locations) await createLocationAs(caller, slug, location);
  }
}
