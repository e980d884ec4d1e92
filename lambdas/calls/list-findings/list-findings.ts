// listFindings: a company's findings of one service, a page at a time, by severity (critical first) or the
// reverse, or by due date (soonest first), narrowed by severity, status, asset, text, "new in this import" or SLA
// state (overdue, due within 7 days: a key range of the due-date index, sla/finding-sla.ts). Analysts who work on the
// service read every finding; a customer (finding-visibility.ts: a member of the company whom spec 6's
// service rule lets see the service's report) reads the published findings only, each cut to the customer
// whitelist. An analyst's page: the caller's records, then at most 2 Queries (severities that are not neighbours
// are two key ranges). A customer's: the caller's records, the company's (for spec 6's service flags), then the
// Query of the published findings.
import * as z from 'zod/mini';
import { accessIn } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { getCompanyRecord } from '../../kernel/companies/company-records.js';
import { findingItemsPage, findingRow } from '../../kernel/findings/finding-records.js';
import { findingReadersAccess, isCustomerFor } from '../../kernel/findings/finding-visibility.js';
import { assertFindingViewer, customerFindingRow } from '../../kernel/reports/customer-findings.js';
import {
  customerFindingRow as customerRow,
  findingFilter,
  findingOrder,
  findingRow as analystRow,
  listLimit,
  pageCursor,
  serviceScope,
} from '../../contracts/findings.js';

export const listFindings = defineSignedInCall({
  name: 'listFindings',
  input: z.strictObject({
    ...serviceScope,
    filter: z.optional(findingFilter),
    /** By severity, critical first (the default), or info first when false. */
    descending: z.optional(z.boolean()),
    /** `severity` (the default), or `dueDate`: open published findings with a due date, soonest first. */
    order: z.optional(findingOrder),
    cursor: z.optional(pageCursor),
    limit: listLimit,
  }),
  // Analysts' rows first: a customer's answer never has their fields, so it never parses as theirs.
  output: z.union([
    z.object({ view: z.literal('analyst'), findings: z.array(analystRow), nextCursor: z.optional(z.string()) }),
    z.object({ view: z.literal('customer'), findings: z.array(customerRow), nextCursor: z.optional(z.string()) }),
  ]),
  access: findingReadersAccess,
  async run(input, { caller }) {
    // The company's flags decide only what a customer sees: analysts of the service are not made to wait for them.
    const company = isCustomerFor(accessIn(caller.access, input.slug), input.service)
      ? await getCompanyRecord(input.slug)
      : undefined;
    const viewer = assertFindingViewer(caller, input.slug, input.service, company);
    const page = await findingItemsPage(input.slug, input.service, {
      filter: input.filter,
      descending: input.descending ?? true,
      order: input.order,
      cursor: input.cursor,
      limit: input.limit ?? 50,
      publishedOnly: viewer === 'customer',
    });
    if (viewer === 'analyst') {
      return {
        view: 'analyst' as const,
        findings: page.items.map((item) => findingRow(item)),
        nextCursor: page.nextCursor,
      };
    }
    return {
      view: 'customer' as const,
      findings: page.items.flatMap((item) => customerFindingRow(item) ?? []),
      nextCursor: page.nextCursor,
    };
  },
});
