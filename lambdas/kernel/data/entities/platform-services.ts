// The platform's service catalogue: whether each service is offered at all, its name and description.
import { Entity } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../table.js';

export const platformServiceListPartition = 'SERVICES';

const platformServiceSchema = item({
  name: string().key(),
  displayName: string(),
  description: string(),
  offered: boolean(),
  version: number().default(1),
  updatedAt: number().optional(),
  updatedBy: string().optional(),
});

export const platformServiceEntity = new Entity({
  name: 'platformService',
  table: portalTable,
  timestamps: false,
  schema: platformServiceSchema.and((_schema) => ({
    gsi1pk: string().hidden().const(platformServiceListPartition),
    gsi1sk: string()
      .hidden()
      .link<typeof _schema>(({ name }) => name),
  })),
  computeKey: ({ name }) => ({ pk: `SERVICE#${name}`, sk: 'SERVICE' }),
});
