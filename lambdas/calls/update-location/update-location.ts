// updateLocation (level 7): a location's fields, all given, conditional on the version the editor saw.
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { updateLocationAs } from '../../kernel/locations/locations.js';
import { companySlug, locationDoc, locationFields, locationId, recordVersion } from '../shared/location-schemas.js';

export const updateLocation = defineSignedInCall({
  name: 'updateLocation',
  input: z.strictObject({ slug: companySlug, locationId, expectedVersion: recordVersion, ...locationFields }),
  output: locationDoc,
  access: levelAtLeast(7),
  run: ({ slug, locationId: id, expectedVersion, ...input }, { caller }) =>
    updateLocationAs(caller, slug, id, expectedVersion, input),
});
