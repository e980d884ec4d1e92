// Checklist 10: tokens, links and the origin secret never reach the logs, including on the error paths that do log.
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';

const { appUrl } = inject('localStack');
// A mail provider that refuses every mail: the handler logs that, and must not log the link in doing so.
process.env.AWS_ENDPOINT_URL_SES = 'http://127.0.0.1:9';

const written: string[] = [];
beforeAll(() => {
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write.bind(stream);
    vi.spyOn(stream, 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) => {
      written.push(String(chunk));
      return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
    });
  }
  vi.spyOn(console, 'log').mockImplementation((...args) => void written.push(args.map(String).join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...args) => void written.push(args.map(String).join(' ')));
});
afterAll(() => vi.restoreAllMocks());

describe('logs', () => {
  it('hide mail-provider errors from the user and keep tokens out of the log', async () => {
    const [
      { handler },
      { handler: verify },
      { createTestUser },
      { callEvent, parseResult },
      { signInLinkSentMessage },
      { GetItemCommand },
      { signInLinkEntity },
      { keyFor },
      { signInSecret },
      { resetConfigCache },
    ] = await Promise.all([
      import('../../lambdas/api/handler.js'),
      import('../../lambdas/auth/verify-auth-challenge-response.js'),
      import('../support/users.js'),
      import('../support/call-event.js'),
      import('../../lambdas/calls/send-sign-in-link/send-sign-in-link.js'),
      import('dynamodb-toolbox/entity/actions/get'),
      import('../../lambdas/kernel/data/entities/sign-in.js'),
      import('../../lambdas/kernel/sign-in/link-token.js'),
      import('../../lambdas/kernel/sign-in/sign-in-secret.js'),
      import('../../lambdas/kernel/config.js'),
    ]);
    const { uid, email } = await createTestUser();
    // Behind CloudFront every request carries the origin secret.
    const originSecret = 'origin-secret-'.repeat(4);
    Object.assign(process.env, {
      VIEWER_ADDRESS_HEADER: 'x-viewer-address',
      ORIGIN_SECRET_HEADER: 'x-origin-secret',
      ORIGIN_SECRET: originSecret,
    });
    resetConfigCache();
    const event = callEvent('sendSignInLink', { email, url: appUrl });
    Object.assign(event.headers, { 'x-viewer-address': '192.0.2.44', 'x-origin-secret': originSecret });

    const answer = parseResult(await handler(event));
    const emailKey = keyFor(await signInSecret(), 'email', email);
    const { Item: ours } = await signInLinkEntity.build(GetItemCommand).key({ emailKey }).send();

    expect(answer).toEqual({ statusCode: 200, body: { result: { success: true, message: signInLinkSentMessage } } });
    expect(ours?.uid).toBe(uid);
    const log = written.join('\n');
    expect(log).toContain('Sign-in mail was not accepted by the mail provider');
    expect(log).not.toContain(ours!.tokenHash);
    expect(log).not.toContain('#signin=');
    expect(log).not.toContain(email);
    expect(log).not.toContain(originSecret);

    // A failing verification logs its error name only.
    await verify({
      triggerSource: 'VerifyAuthChallengeResponse_Authentication',
      request: {
        userAttributes: { sub: uid, email },
        challengeAnswer: 'some-guess-token',
        privateChallengeParameters: {},
        userNotFound: false,
      },
      response: {},
    } as never);
    expect(written.join('\n')).not.toContain('some-guess-token');
  });
});
