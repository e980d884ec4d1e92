// listLocations (level 7): a company's scanning locations, by name.
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { listLocationsAs } from '../../kernel/locations/locations.js';
import { companySlug, locationDoc } from '../shared/location-schemas.js';

export const listLocations = defineSignedInCall({
  name: 'listLocations',
  input: z.strictObject({ slug: companySlug }),
  output: z.object({ locations: z.array(locationDoc) }),
  access: levelAtLeast(7),
  run: async ({ slug }, { caller }) => ({ locations: await listLocationsAs(caller, slug) }),
});
