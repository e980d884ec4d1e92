// A mail provider that refuses the mail: the message stays stored (delivery 'failed') and the answer is
// success false, which the contact dialog shows as 'Server Failed to send message. Please try again.'
import { describe, expect, it } from 'vitest';

process.env.AWS_ENDPOINT_URL_SES = 'http://127.0.0.1:9';

describe('handleSupportEmail when mail fails', () => {
  it('keeps the message and answers success false', async () => {
    const [{ signedInCaller }, { createTestUser }, { supportMessagesOf }] = await Promise.all([
      import('../support/signed-in-call.js'),
      import('../support/users.js'),
      import('../support/support-messages.js'),
    ]);
    const user = await createTestUser();

    const answer = await signedInCaller(user)('handleSupportEmail', {
      message: 'Please call me',
      request_type: 'feature',
    });

    expect(answer).toEqual({ statusCode: 200, body: { result: { success: false } } });
    const [Item] = await supportMessagesOf(user.uid);
    expect(Item).toMatchObject({ message: 'Please call me', requestType: 'feature', delivery: 'failed' });
  });
});
