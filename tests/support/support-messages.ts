// The support messages a user sent, as stored (one Query of the sender's partition).
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { supportMessageEntity, supportPartition } from '../../lambdas/kernel/data/entities/support-messages.js';
import { portalTable } from '../../lambdas/kernel/data/table.js';

export async function supportMessagesOf(uid: string) {
  const { Items = [] } = await portalTable
    .build(QueryCommand)
    .entities(supportMessageEntity)
    .query({ partition: supportPartition(uid) })
    .options({ consistent: true })
    .send();
  return Items;
}
