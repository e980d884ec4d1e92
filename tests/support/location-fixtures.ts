// Scanning locations put straight into the table (as createLocation leaves them), for tests that need one to
// edit or delete. Each has a network of its own, so no two seeded ranges overlap.
import { randomBytes } from 'node:crypto';
import { saveLocation, type LocationItem } from '../../lambdas/kernel/data/entities/locations.js';

export async function seedLocation(slug: string, fields: Partial<LocationItem> = {}): Promise<LocationItem> {
  const id = randomBytes(9).toString('base64url');
  const now = new Date().toISOString();
  const location: LocationItem = {
    slug,
    locationId: id,
    name: `Seeded ${id}`,
    kind: 'site',
    cidrs: ['10.10.0.0/16'],
    exclusions: [],
    domains: [],
    networkLabel: `seed-${id.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
    isDefault: false,
    version: 1,
    createdAt: now,
    createdBy: 'seed@example.com',
    updatedAt: now,
    updatedBy: 'seed@example.com',
    ...fields,
  };
  const refused = await saveLocation(location, {});
  if (refused) throw new Error(`The seeded location was refused: ${refused}`);
  return location;
}
