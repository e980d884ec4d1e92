// Findings for the remediation loop's calls, put straight into the table: a published open finding a customer
// may send for review, and one whose retest request waits in the queue (as requestFindingReview leaves it).
import type { PendingReview } from '../../lambdas/kernel/data/entities/finding-reviews.js';
import { queueReviewWrite } from '../../lambdas/kernel/data/entities/finding-reviews.js';
import { transactWithRetry } from '../../lambdas/kernel/data/transactions.js';
import { seedFindings } from './seed-findings.js';

export async function seedReviewableFinding(slug: string, service = 'dast'): Promise<string> {
  const [id] = await seedFindings({ slug, service, count: 1, published: true, host: 'review.example' });
  return id!;
}

export async function seedPendingRetest(
  slug: string,
  service = 'dast',
): Promise<{ findingId: string; requestedAt: number }> {
  const review: PendingReview = {
    kind: 'retest',
    note: 'Fixed on our side',
    at: Date.now(),
    by: { email: 'customer@test.example', name: 'Test Customer' },
  };
  const [findingId] = await seedFindings({
    slug,
    service,
    count: 1,
    published: true,
    host: 'review.example',
    fields: { review, reviewLog: [{ at: review.at, event: 'retestRequested', by: { role: 'customer' } }] },
  });
  await transactWithRetry([
    queueReviewWrite(slug, service, { ...review, findingId: findingId!, title: 'Tool title 0', severity: 'low' }, slug),
  ]);
  return { findingId: findingId!, requestedAt: review.at };
}
