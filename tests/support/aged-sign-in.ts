// Moves a browser's sign-in into the past, as if the person had signed in `ageSeconds` ago and worked since:
// the ID token Amplify keeps for the page is signed again by the local pool's own key (the test stack's
// cognito/pool-keys.json) with an older auth_time and nothing else changed, and the mail that signed them in is
// dated back as far (so asking for a new one is not "moments ago"). The API then sees what it sees from a session
// opened long ago, which step-up is about; waiting out ten real minutes is not a test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { decodeJwt, importJWK, SignJWT } from 'jose';
import type { Page } from 'playwright-core';
import { poolKeysFileName, type StoredKeys } from '../../infra/local/cognito/token-issuer.js';
import { signInLinkEntity } from '../../lambdas/kernel/data/entities/sign-in.js';
import { keyFor } from '../../lambdas/kernel/sign-in/link-token.js';
import { signInSecret } from '../../lambdas/kernel/sign-in/sign-in-secret.js';

export async function ageSignIn(
  page: Page,
  stack: { dataDir: string; userPoolClientId: string },
  { email, ageSeconds }: { email: string; ageSeconds: number },
): Promise<void> {
  const keys = JSON.parse(readFileSync(join(stack.dataDir, 'cognito', poolKeysFileName), 'utf8')) as StoredKeys;
  const prefix = `CognitoIdentityServiceProvider.${stack.userPoolClientId}.`;
  const stored = await page.evaluate((keyPrefix) => {
    const user = localStorage.getItem(`${keyPrefix}LastAuthUser`);
    const key = `${keyPrefix}${user}.idToken`;
    return { key, token: user ? localStorage.getItem(key) : null };
  }, prefix);
  if (!stored.token) throw new Error('The page holds no ID token: sign in first');

  const signedInAt = Math.floor(Date.now() / 1000) - ageSeconds;
  const claims = decodeJwt(stored.token);
  const aged = await new SignJWT({ ...claims, auth_time: signedInAt })
    .setProtectedHeader({ alg: 'RS256', kid: keys.kid })
    .sign(await importJWK(keys.privateJwk, 'RS256'));
  await page.evaluate(({ key, token }) => localStorage.setItem(key, token), { key: stored.key, token: aged });

  await signInLinkEntity
    .build(UpdateItemCommand)
    .item({ emailKey: keyFor(await signInSecret(), 'email', email), createdAt: signedInAt * 1000 })
    .send();
}
