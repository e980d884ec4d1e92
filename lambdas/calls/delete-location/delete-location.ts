// deleteLocation (level 7): removes a location, conditional on the version the analyst saw.
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { deleteLocationAs } from '../../kernel/locations/locations.js';
import { companySlug, locationId, recordVersion } from '../shared/location-schemas.js';

export const deleteLocation = defineSignedInCall({
  name: 'deleteLocation',
  input: z.strictObject({ slug: companySlug, locationId, expectedVersion: recordVersion }),
  output: z.object({ deleted: z.boolean() }),
  access: levelAtLeast(7),
  run: async ({ slug, locationId: id, expectedVersion }, { caller }) => {
    await deleteLocationAs(caller, slug, id, expectedVersion);
    return { deleted: true };
  },
});
