// `POST /api/findings/v1/retests {findingId, note}` for ticket systems (Jira Automation, GitHub Actions): a company
// API key (the DAST key system) with the scope `findings:retest` files a retest request as a customer of its company
// would, on an open, published finding of that company. Refusals are the key's (missing, malformed, revoked: 401;
// scope: 403; rate: 429 with Retry-After) and the finding's (another company's or unpublished: 404; not open or
// already waiting: 409).
import * as z from 'zod/mini';
import { reviewRequestLevel } from '../../contracts/reviews.js';
import type { Caller } from '../access/caller.js';
import { services } from '../access/rules.js';
import { findingKey } from '../data/entities/findings.js';
import { batchGetConsistent } from '../data/transactions.js';
import { verifyDastKey } from '../dast-keys/verify-dast-key.js';
import { InvalidArgumentError, NotFoundError } from '../errors.js';
import { requestReviewAs } from './finding-reviews.js';

const retestBody = z.strictObject({
  findingId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a finding id')),
  note: z.string().check(z.trim(), z.minLength(1, 'say what was fixed'), z.maxLength(2000, 'at most 2,000 characters')),
});

const notFound = 'findingId: this company has no such published finding';

function parsedBody(body: string | undefined): z.infer<typeof retestBody> {
  let json: unknown;
  try {
    json = JSON.parse(body ?? '');
  } catch {
    throw new InvalidArgumentError('The body must be JSON: {"findingId": "…", "note": "…"}');
  }
  const parsed = retestBody.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new InvalidArgumentError(`${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  return parsed.data;
}

/** The key acts as a customer of its company of the level that may ask for retests, seeing every service. */
function keyCaller(slug: string, keyId: string): Caller {
  const membership = { accessLevel: reviewRequestLevel, servicesEnabled: [...services] };
  return {
    uid: `dast-key:${keyId}`,
    email: `API key ${keyId}`,
    authTime: Date.now(),
    user: undefined,
    preferences: undefined,
    access: {
      uid: `dast-key:${keyId}`,
      email: `API key ${keyId}`,
      claims: { userType: 'customer', accessLevel: reviewRequestLevel },
      companies: [slug],
      memberships: { [slug]: membership },
      servicesEnabled: membership.servicesEnabled,
      servicesManaged: [],
      version: 1,
    },
  };
}

export async function requestRetestByKey(
  authorization: string | undefined,
  body: string | undefined,
): Promise<{ findingId: string; service: string; status: 'retestRequested'; requestedAt: number }> {
  const key = await verifyDastKey(authorization, 'findings:retest');
  const input = parsedBody(body);
  const slug = key.companyId;
  // The body names the finding only: find its service (one consistent BatchGet of the five).
  const found = await batchGetConsistent(services.map((service) => findingKey(slug, service, input.findingId)));
  const item = found.find((candidate) => candidate.published === true);
  if (!item) throw new NotFoundError(notFound);
  const service = String(item.pk).split('#').pop()!;
  const review = await requestReviewAs(keyCaller(slug, key.keyId), {
    slug,
    service,
    findingId: input.findingId,
    kind: 'retest',
    note: input.note,
  });
  return { findingId: input.findingId, service, status: 'retestRequested', requestedAt: review.at };
}
