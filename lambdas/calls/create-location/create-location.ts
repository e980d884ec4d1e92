// createLocation (level 7): a new scanning location of a company; its ranges checked, none overlapping another
// location's in the same network. A company's first location is its default.
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { createLocationAs } from '../../kernel/locations/locations.js';
import { companySlug, locationDoc, locationFields } from '../shared/location-schemas.js';

export const createLocation = defineSignedInCall({
  name: 'createLocation',
  input: z.strictObject({ slug: companySlug, ...locationFields }),
  output: locationDoc,
  access: levelAtLeast(7),
  run: ({ slug, ...input }, { caller }) => createLocationAs(caller, slug, input),
});
