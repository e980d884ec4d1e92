// A real sign-in for any local stack (not only the test run's): ask for a link, read it from that stack's
// outbox, and sign in with the unmodified Amplify v6 client against that stack's Cognito endpoint, as the
// /auth/redirect page does. Free of vitest, so the bench and tests that start their own stack use it.
// Amplify is one configuration per process: the sign-ins of a process take turns (the links are asked for
// side by side), each keeping what Amplify stores in a storage of its own.
import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { KeyValueStorageInterface } from 'aws-amplify/utils';
import { requestSignInLink } from './sign-in.js';

export interface StackEndpoints {
  appUrl: string;
  mailUrl: string;
  userPoolId: string;
  userPoolClientId: string;
}

class MemoryStorage implements KeyValueStorageInterface {
  readonly items = new Map<string, string>();
  async setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  async getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  async removeItem(key: string) {
    this.items.delete(key);
  }
  async clear() {
    this.items.clear();
  }
}

export interface LinkSignIn {
  /** The API's bearer token. */
  idToken: string;
  /** What Amplify keeps for the signed-in user: in the browser, its localStorage entries. */
  stored: { name: string; value: string }[];
}

let turn: Promise<unknown> = Promise.resolve();

function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const run = turn.then(task, task);
  turn = run.catch(() => undefined);
  return run;
}

/** Signs `email` in through a mailed link. */
export async function signInWithLink(stack: StackEndpoints, email: string): Promise<LinkSignIn> {
  const link = await requestSignInLink(stack, email);
  const token = new URL(link).hash.replace(/^#signin=/, '');
  return inTurn(async () => {
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: stack.userPoolId,
          userPoolClientId: stack.userPoolClientId,
          userPoolEndpoint: `${stack.appUrl}/cognito`,
        },
      },
    });
    const storage = new MemoryStorage();
    cognitoUserPoolsTokenProvider.setKeyValueStorage(storage);
    await signOut();
    await signIn({ username: email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
    const { isSignedIn } = await confirmSignIn({ challengeResponse: token });
    if (!isSignedIn) throw new Error(`${email} is not signed in after confirming the link`);
    const { tokens } = await fetchAuthSession();
    if (!tokens?.idToken) throw new Error(`No ID token for ${email}`);
    return {
      idToken: tokens.idToken.toString(),
      stored: [...storage.items].map(([name, value]) => ({ name, value })),
    };
  });
}

/** Signs `email` in through a mailed link and returns the ID token (the API's bearer token). */
export async function idTokenFor(stack: StackEndpoints, email: string): Promise<string> {
  return (await signInWithLink(stack, email)).idToken;
}
