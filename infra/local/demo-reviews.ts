// The remediation loop in the demo: Acme's manager has marked one published DAST finding fixed and asked for a
// retest of a low one (it waits under "Review requests" on the analysts' DAST page), and asked to accept the risk of another,
// which the analyst declined with a note (the customer reads it in the finding's history). Through the same
// domain functions the calls run. Runs once: nothing is done when an Acme DAST finding already has a history.
import type { Caller } from '../../lambdas/kernel/access/caller.js';
import { queryFindings } from '../../lambdas/kernel/data/entities/findings.js';
import { decideReviewAs, requestReviewAs } from '../../lambdas/kernel/remediation/finding-reviews.js';
import { demoAnalystCaller } from './demo-caller.js';

type Actor = { uid: string; email: string; user?: { displayName?: string } };

function customerCaller(actor: Actor): Caller {
  const analyst = demoAnalystCaller(actor);
  return {
    ...analyst,
    user: actor.user as Caller['user'],
    access: {
      ...analyst.access,
      claims: { userType: 'customer', accessLevel: 3 },
      companies: ['acme'],
    },
  };
}

export async function seedDemoReviews(analystActor: Actor, managerActor: Actor | undefined): Promise<void> {
  if (!managerActor) return;
  const { items } = await queryFindings('acme', 'dast', { descending: true, limit: 200 });
  if (items.some((finding) => Array.isArray(finding.reviewLog) && finding.reviewLog.length > 0)) return;
  // Two of the lowest severity, out of the way of the findings a visitor opens first.
  const candidates = items.filter((finding) => finding.published === true && finding.status === 'open').reverse();
  const [retest, risk] = candidates;
  if (!retest || !risk) return;
  const manager = customerCaller(managerActor);
  const day = 24 * 3600 * 1000;
  await requestReviewAs(manager, {
    slug: 'acme',
    service: 'dast',
    findingId: retest.id,
    kind: 'retest',
    note: 'Deployed the fix to production on Monday; please retest.',
  });
  const asked = await requestReviewAs(manager, {
    slug: 'acme',
    service: 'dast',
    findingId: risk.id,
    kind: 'riskAcceptance',
    note: 'Only reachable from our office network.',
    until: Date.now() + 90 * day,
  });
  await decideReviewAs(
    { ...demoAnalystCaller(analystActor), user: analystActor.user as Caller['user'] },
    {
      slug: 'acme',
      service: 'dast',
      findingId: risk.id,
      decision: 'decline',
      note: 'The page is also served on the public host; please fix it instead.',
      requestedAt: asked.at,
    },
  );
}
