// createFinding: a finding an analyst writes by hand (a manual test's), on an asset of the service, from a
// template or blank. Stored, curated, published and reported as an imported finding is, with an identity of
// its own that no import matches. Analysts of level 7, and password-cracking managers for that service, as the
// other curation writes; the company must exist (the same refusal when it does not).
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { PermissionDeniedError } from '../../kernel/errors.js';
import { companyDenied } from '../../kernel/companies/company-access.js';
import { createManualFinding, readManualFindingContext } from '../../kernel/findings/manual-findings.js';
import { assertServiceAccess, serviceFindingsAccess } from '../../kernel/findings/service-access.js';
import { createFindingInput } from '../../contracts/manual-findings.js';

export const createFinding = defineSignedInCall({
  name: 'createFinding',
  input: createFindingInput,
  output: z.object({ findingId: z.string() }),
  access: serviceFindingsAccess,
  readAhead: (input) => readManualFindingContext(input),
  async run(input, { caller, ahead }) {
    assertServiceAccess(caller, input.slug, input.service);
    const reads = await ahead;
    if (!reads.companyExists) throw new PermissionDeniedError(companyDenied);
    return createManualFinding(caller, input, reads);
  },
});
