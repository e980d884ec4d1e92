// A mail provider that refuses the mail: the message stays stored (delivery 'failed') and the answer is
// success false, which the contact dialog shows as 'Server Failed to send message. Please try again.'
import { describe, expect, it } from 'vitest';

process.env.AWS_ENDPOINT_URL_SES = 'http://127.0.0.1:9';

describe('handleSupportEmail when mail fails', () => {
  it('keeps the message and answers success false', async () => {
    const [{ signedInCaller }, { createTestUser }, { GetItemCommand }, { supportMessageEntity }, { ScanCommand }, { dynamoDbClient }] = await Promise.all([
      import('../support/signed-in-call.js'),
      import('../support/users.js'),
      import('dynamodb-toolbox/entity/actions/get'),
      import('../../lambdas/kernel/data/entities/support-messages.js'),
      import('@aws-sdk/client-dynamodb'),
      import('../../lambdas/kernel/data/client.js'),
    ]);
    const user = await createTestUser();

    const answer = await signedInCaller(user)('handleSupportEmail', { message: 'Please call me', request_type: 'feature' });

    expect(answer).toEqual({ statusCode: 200, body: { result: { success: false } } });
    const { Items = [] } = await dynamoDbClient.send(
      new ScanCommand({
        TableName: process.env.TABLE_NAME,
        FilterExpression: 'createdByUid = :uid AND #et = :et',
        ExpressionAttributeNames: { '#et': '_et' },
        ExpressionAttributeValues: { ':uid': { S: user.uid }, ':et': { S: 'supportMessage' } },
      }),
    );
    const id = Items[0]?.id?.S;
    const { Item } = await supportMessageEntity.build(GetItemCommand).key({ id: id! }).send();
    expect(Item).toMatchObject({ message: 'Please call me', requestType: 'feature', delivery: 'failed' });
  });
});
