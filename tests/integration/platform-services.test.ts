// The platform's service catalogue (level 9), in a table of its own: switching a service off here must not
// change the menus the browser tests check on the shared stack.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../infra/local/create-table.js';
import { resetConfigCache } from '../../lambdas/kernel/config.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const servicesTable = 'portal-services-test';
process.env.TABLE_NAME = servicesTable;
resetConfigCache();

let admin: ReturnType<typeof signedInCaller>;

beforeAll(async () => {
  await ensureTable(new DynamoDBClient({}), servicesTable);
  admin = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 9 }));
});

describe('platform services (level 9)', () => {
  it("a service switched off leaves every session's offered services, and comes back when switched on", async () => {
    const viewer = signedInCaller(await createTestUser({ accessLevel: 2 }));
    const version = (await admin('listPlatformServices', {})).body.result.services.find(
      (s: { name: string }) => s.name === 'network',
    ).version;

    const off = await admin('updatePlatformService', { name: 'network', version, offered: false });
    const during = (await viewer('getSession', {})).body.result.offeredServices;
    const on = await admin('updatePlatformService', {
      name: 'network',
      version: off.body.result.version,
      offered: true,
    });

    expect(off.body.result).toMatchObject({ name: 'network', offered: false });
    expect(during).not.toContain('network');
    expect(during).toContain('dast');
    expect(on.body.result.offered).toBe(true);
    expect((await viewer('getSession', {})).body.result.offeredServices).toContain('network');
    expect((await admin('updatePlatformService', { name: 'teleport', version: 0 })).body.error.message).toContain(
      'name: ',
    );
  });
});

describe('watchSession and the service catalogue', () => {
  it('moves servicesUpdatedAt when a service is edited, so open browsers re-read their menus', async () => {
    const viewer = signedInCaller(await createTestUser({ accessLevel: 1 }));
    const before = (await viewer('watchSession', {})).body.result.servicesUpdatedAt;
    const cloud = (await admin('listPlatformServices', {})).body.result.services.find(
      (service: { name: string }) => service.name === 'cloud',
    );

    await new Promise((resolve) => setTimeout(resolve, 2));
    await admin('updatePlatformService', { name: 'cloud', version: cloud.version, description: cloud.description });

    expect((await viewer('watchSession', {})).body.result.servicesUpdatedAt).toBeGreaterThan(before);
  });
});
