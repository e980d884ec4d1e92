// handleSupportEmail: stored first, then mailed to the provider, with the answers the contact dialog expects.
import { describe, expect, it } from 'vitest';
import { mailsTo } from '../support/outbox.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { supportMessagesOf } from '../support/support-messages.js';
import { createTestUser } from '../support/users.js';

describe('handleSupportEmail', () => {
  it('stores the message, mails it to the provider with a reply-to, and answers success', async () => {
    const user = await createTestUser({ displayName: 'Sue Support' });
    const call = signedInCaller(user);
    const before = (await mailsTo('support@portal.local')).length;

    const answer = await call('handleSupportEmail', { message: 'The <b>report</b> is empty', request_type: 'bug' });

    expect(answer).toEqual({ statusCode: 200, body: { result: { success: true } } });
    const [stored] = await supportMessagesOf(user.uid);
    expect(stored).toMatchObject({
      message: 'The <b>report</b> is empty',
      requestType: 'bug',
      delivery: 'sent',
      createdByEmail: user.email,
    });
    const mail = (await mailsTo('support@portal.local'))[before] as any;
    expect(mail.subject).toBe(`[Security Portal] bug from ${user.email}`);
    expect(mail.replyTo).toEqual([user.email]);
    expect(mail.body.text).toContain('The <b>report</b> is empty');
    expect(mail.body.html).toContain('The &lt;b&gt;report&lt;/b&gt; is empty');
    const events = await call('listEvents', {});
    expect(events.body.result.events[0]).toMatchObject({
      type: 'supportMessageSent',
      summary: 'Sent a bug message to support',
    });
  });

  it('mails a message with a lone UTF-16 surrogate (valid JSON, not valid mail text) with U+FFFD in its place', async () => {
    const user = await createTestUser();
    const before = (await mailsTo('support@portal.local')).length;
    const answer = await signedInCaller(user)('handleSupportEmail', {
      message: 'broken \ud800 text',
      request_type: 'bug',
    });
    expect(answer.body).toEqual({ result: { success: true } });
    const mails = await mailsTo('support@portal.local');
    expect(mails.slice(before).some((mail) => mail.body.text?.includes('broken \ufffd text'))).toBe(true);
  });

  it('accepts an empty message (spec section 5)', async () => {
    const call = signedInCaller(await createTestUser());
    expect((await call('handleSupportEmail', { message: '', request_type: 'question' })).body).toEqual({
      result: { success: true },
    });
  });

  it.each([
    [
      'a message over 10,000 characters',
      { message: 'x'.repeat(10_001), request_type: 'bug' },
      'message: message must be at most 10000 characters',
    ],
    ['an unknown request type', { message: 'hi', request_type: 'praise' }, 'request_type: '],
    ['a missing request type', { message: 'hi' }, 'request_type: '],
  ])('refuses %s with INVALID_ARGUMENT and stores nothing', async (_case, data, message) => {
    const user = await createTestUser();
    const answer = await signedInCaller(user)('handleSupportEmail', data);
    expect(answer.statusCode).toBe(400);
    expect(answer.body.error.status).toBe('INVALID_ARGUMENT');
    expect(answer.body.error.message).toContain(message);
    expect(await supportMessagesOf(user.uid)).toEqual([]);
  });
});
