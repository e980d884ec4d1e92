// The service catalogue: every service of the platform, offered unless an administrator switched it off.
// Services nobody has edited yet answer with their defaults, so a new deployment needs no seeding.
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { Caller } from '../access/caller.js';
import { services, type ServiceName } from '../access/rules.js';
import { platformServiceEntity, platformServiceListPartition } from '../data/entities/platform-services.js';
import { portalTable } from '../data/table.js';
import { failedConditions } from '../data/transactions.js';
import { ConflictError } from '../errors.js';
import { eventWrite } from '../events/events.js';

export interface PlatformService {
  name: ServiceName;
  displayName: string;
  description: string;
  offered: boolean;
  /** 0 until first edited. */
  version: number;
  updatedAt?: number;
  updatedBy?: string;
}

const defaults: Record<ServiceName, Pick<PlatformService, 'displayName' | 'description'>> = {
  projectmariana: {
    displayName: 'ProjectMariana',
    description: 'Attack-surface monitoring of internet-facing assets.',
  },
  password_cracking: {
    displayName: 'Password cracking',
    description: 'Audits of password strength from directory hashes.',
  },
  dast: { displayName: 'DAST', description: 'Dynamic testing of web applications.' },
  network: { displayName: 'Network scanning', description: 'Scans of hosts and services on the network.' },
  cloud: { displayName: 'Cloud scanning', description: 'Configuration checks of cloud accounts.' },
};

export async function listPlatformServices(): Promise<PlatformService[]> {
  const { Items = [] } = await portalTable
    .build(QueryCommand)
    .entities(platformServiceEntity)
    .query({ index: 'gsi1', partition: platformServiceListPartition })
    .send();
  const stored = new Map(Items.map((item) => [item.name, item]));
  return services.map((name) => {
    const record = stored.get(name);
    return record ? { ...record, name } : { name, ...defaults[name], offered: true, version: 0 };
  });
}

export async function updatePlatformServiceAs(
  editor: Pick<Caller, 'uid' | 'email'>,
  input: { name: ServiceName; version: number; displayName?: string; description?: string; offered?: boolean },
): Promise<PlatformService> {
  const current = (await listPlatformServices()).find((service) => service.name === input.name)!;
  const now = Date.now();
  const next: PlatformService = {
    ...current,
    ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.offered !== undefined ? { offered: input.offered } : {}),
    version: input.version + 1,
    updatedAt: now,
    updatedBy: editor.email,
  };
  try {
    await execute(
      platformServiceEntity
        .build(PutTransaction)
        .item({ ...next })
        .options({
          condition: input.version === 0 ? { attr: 'name', exists: false } : { attr: 'version', eq: input.version },
        }),
      eventWrite(
        editor,
        {
          type: 'platformServiceUpdated',
          summary: `Updated service ${next.displayName}`,
          subject: { service: { name: next.name, displayName: next.displayName } },
          before: current,
          after: next,
        },
        now,
      ),
    );
  } catch (error) {
    if (failedConditions(error)?.includes(0)) {
      const latest = (await listPlatformServices()).find((service) => service.name === input.name);
      throw new ConflictError('This service was changed by someone else; here is the current value.', {
        current: latest,
      });
    }
    throw error;
  }
  return next;
}
