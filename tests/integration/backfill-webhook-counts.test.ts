// `npm run backfill:webhooks` on data made before each company counted its enabled webhook endpoints: the count is
// set from the endpoints (the disabled ones left out), a wrong one corrected, and a run again changes nothing; a
// change's webhook then reaches the outbox again.
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { readConfig } from '../../lambdas/kernel/config.js';
import { documentClient } from '../../lambdas/kernel/data/client.js';
import { companyItemKey } from '../../lambdas/kernel/data/entities/companies.js';
import { batchGetConsistent } from '../../lambdas/kernel/data/transactions.js';
import { backfillEndpointCounts } from '../../lambdas/kernel/webhooks/backfill-endpoint-counts.js';
import { seedWebhookEndpoint } from '../support/webhook-fixtures.js';

const slug = `hooks-backfill-${randomUUID().slice(0, 8)}`;

const storedCount = async () => {
  const [company] = await batchGetConsistent([companyItemKey(slug)]);
  return company?.webhookEndpointsOn as number | undefined;
};

const setCount = (expression: string, values?: Record<string, unknown>) =>
  documentClient.send(
    new UpdateCommand({
      TableName: readConfig().TABLE_NAME,
      Key: companyItemKey(slug),
      UpdateExpression: expression,
      ...(values ? { ExpressionAttributeValues: values } : {}),
    }),
  );

describe('backfill of webhook endpoint counts', () => {
  it('counts the enabled endpoints of a company that has no count, corrects a wrong one, and is idempotent', async () => {
    await createCompanyAs(
      { uid: 'tests', email: 'tests@example.com' },
      { slug, companyName: 'Backfill Co', flags: {} },
    );
    await seedWebhookEndpoint(slug);
    await seedWebhookEndpoint(slug);
    await seedWebhookEndpoint(slug, { enabled: false });
    // As a deployment made before the count: the attribute absent.
    await setCount('REMOVE webhookEndpointsOn');
    expect(await storedCount()).toBeUndefined();

    await backfillEndpointCounts();
    expect(await storedCount()).toBe(2);

    await setCount('SET webhookEndpointsOn = :wrong', { ':wrong': 7 });
    await backfillEndpointCounts();
    expect(await storedCount()).toBe(2);

    await backfillEndpointCounts();
    expect(await storedCount()).toBe(2);
  });
});
