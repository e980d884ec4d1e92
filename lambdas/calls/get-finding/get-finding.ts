// getFinding: one finding with every field the tool gave and its history across scans.
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { NotFoundError } from '../../kernel/errors.js';
import { readFindingDetail } from '../../kernel/findings/finding-records.js';
import { assertServiceAccess, serviceFindingsAccess } from '../../kernel/findings/service-access.js';
import { findingDetail, findingId, serviceScope } from '../shared/finding-schemas.js';

export const getFinding = defineSignedInCall({
  name: 'getFinding',
  input: z.strictObject({ ...serviceScope, findingId }),
  output: findingDetail,
  access: serviceFindingsAccess,
  readAhead: ({ slug, service, findingId }) => readFindingDetail(slug, service, findingId),
  async run({ slug, service }, { caller, ahead }) {
    assertServiceAccess(caller, slug, service);
    const finding = await ahead;
    if (!finding) throw new NotFoundError('There is no such finding for this company and service.');
    return finding;
  },
});
