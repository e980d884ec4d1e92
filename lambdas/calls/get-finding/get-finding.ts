// getFinding: one finding. Analysts who work on the service read every field the tool gave and its history
// across scans; a customer (finding-visibility.ts) reads a published finding's customer fields, and an
// unpublished one is NOT_FOUND. At most 3 DynamoDB requests: the caller's records and the finding (together),
// then the asset's last sighting (analysts) or the company's flags (customers).
import * as z from 'zod/mini';
import { accessIn, canAccessCompany } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { getCompanyRecord } from '../../kernel/companies/company-records.js';
import { getFindingItem } from '../../kernel/data/entities/findings.js';
import { NotFoundError } from '../../kernel/errors.js';
import { findingDetailOf } from '../../kernel/findings/finding-records.js';
import { evidenceOutputs } from '../../kernel/findings/finding-evidence.js';
import { findingEvidence } from '../../contracts/finding-evidence.js';
import { findingReadersAccess, isCustomerFor } from '../../kernel/findings/finding-visibility.js';
import { assertFindingViewer, customerFindingDetail } from '../../kernel/reports/customer-findings.js';
import {
  customerFindingDetail as customerDetail,
  findingDetail,
  findingId,
  serviceScope,
} from '../../contracts/findings.js';

const notFound = 'There is no such finding for this company and service.';

export const getFinding = defineSignedInCall({
  name: 'getFinding',
  input: z.strictObject({ ...serviceScope, findingId }),
  // Analysts' shape first: a customer's answer never has their fields, so it never parses as theirs.
  output: z.union([
    z.object({ view: z.literal('analyst'), ...findingDetail.shape, evidenceItems: z.array(findingEvidence) }),
    z.object({ view: z.literal('customer'), ...customerDetail.shape, evidenceItems: z.array(findingEvidence) }),
  ]),
  access: findingReadersAccess,
  readAhead: ({ slug, service, findingId }) => getFindingItem(slug, service, findingId),
  async run({ slug, service }, { caller, ahead }) {
    // Only a customer needs the company's record (its service flags); analysts see every company they may.
    const customer = canAccessCompany(caller.access, slug) && isCustomerFor(accessIn(caller.access, slug), service);
    const company = customer ? await getCompanyRecord(slug) : undefined;
    const viewer = assertFindingViewer(caller, slug, service, company);
    const item = await ahead;
    if (viewer === 'analyst') {
      if (!item) throw new NotFoundError(notFound);
      const [detail, evidenceItems] = await Promise.all([
        findingDetailOf(slug, service, item),
        evidenceOutputs(item, 'analyst'),
      ]);
      return { view: 'analyst' as const, ...detail, evidenceItems };
    }
    const finding = item && customerFindingDetail(item);
    if (!finding) throw new NotFoundError(notFound);
    // Only the pieces an analyst marked customer-visible (the stored ones are never in the customer whitelist).
    return { view: 'customer' as const, ...finding, evidenceItems: await evidenceOutputs(item, 'customer') };
  },
});
