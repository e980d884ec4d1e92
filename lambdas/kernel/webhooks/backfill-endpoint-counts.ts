// One-off upkeep for a deployment whose webhook endpoints were made before each company's record counted its enabled
// ones (`webhookEndpointsOn`, which decides whether a change goes to the webhook outbox at all): sets every
// company's count from its endpoints. Each write is conditional on the count the run read before listing the
// endpoints, so an endpoint created, deleted or turned off meanwhile (which moves the count in its own transaction)
// makes the write fail and the company counted again; run again, it changes nothing.
// Not on any request path (it lists every company): `npm run backfill:webhooks` runs it.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { listAllCompanies } from '../companies/company-records.js';
import { readConfig } from '../config.js';
import { documentClient } from '../data/client.js';
import { isConditionalCheckFailure } from '../data/conditional.js';
import { companyItemKey } from '../data/entities/companies.js';
import { listEndpointItems } from '../data/entities/webhooks.js';

export interface EndpointCountBackfill {
  companies: number;
  /** Companies whose count this run set or corrected. */
  corrected: number;
}

/** Times a company is counted again when its endpoints change under the run. */
const attempts = 5;

export async function backfillEndpointCounts(): Promise<EndpointCountBackfill> {
  const result: EndpointCountBackfill = { companies: 0, corrected: 0 };
  for (const { slug } of await listAllCompanies()) {
    result.companies += 1;
    if (await countCompany(slug)) result.corrected += 1;
  }
  return result;
}

/** Sets the company's count from its endpoints; true when it was missing or wrong. */
async function countCompany(slug: string): Promise<boolean> {
  const TableName = readConfig().TABLE_NAME;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const { Item } = await documentClient.send(
      new GetCommand({ TableName, Key: companyItemKey(slug), ConsistentRead: true }),
    );
    if (!Item) return false;
    const stored = Item.webhookEndpointsOn as number | undefined;
    const enabled = (await listEndpointItems(slug)).filter((endpoint) => endpoint.enabled).length;
    if (stored === enabled) return false;
    try {
      await documentClient.send(
        new UpdateCommand({
          TableName,
          Key: companyItemKey(slug),
          UpdateExpression: 'SET webhookEndpointsOn = :enabled',
          ConditionExpression:
            stored === undefined
              ? 'attribute_exists(pk) AND attribute_not_exists(webhookEndpointsOn)'
              : 'webhookEndpointsOn = :stored',
          ExpressionAttributeValues: { ':enabled': enabled, ...(stored === undefined ? {} : { ':stored': stored }) },
        }),
      );
      return true;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
  }
  throw new Error(`The webhook endpoints of ${slug} kept changing; run the backfill again`);
}
