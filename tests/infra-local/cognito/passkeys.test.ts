// Passkeys the local pool must refuse: another origin, another relying party, a replayed assertion
// (the same challenge twice, a counter that did not advance), malformed credentials; nothing stored,
// every refusal counted toward the failed-attempt limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_MAX_FAILURES } from '../../../infra/local/cognito/webauthn.js';
import {
  adminClient,
  callPool,
  CLIENT_ID,
  createUser,
  PASSKEY_ORIGIN,
  PASSKEY_RP_ID,
  passkeySettings,
  signInRaw,
  startPool,
  tempDataDir,
  testTriggers,
  type RunningPool,
  type TriggerLog,
} from './local-cognito-harness.js';
import { SoftwareAuthenticator } from './software-authenticator.js';

const log: TriggerLog = { codes: new Map(), events: [] };
let dataDir: Awaited<ReturnType<typeof tempDataDir>>;
let pool: RunningPool;

beforeAll(async () => {
  dataDir = await tempDataDir();
  pool = await startPool(dataDir.path, testTriggers(log), { webAuthn: passkeySettings });
});

afterAll(async () => {
  await pool.stop();
  await dataDir.remove();
});

let people = 0;
/** A person of their own, signed in with a link, and their access token. */
async function person() {
  const email = `passkey-${++people}@example.com`;
  const admin = adminClient(pool.endpoint);
  await createUser(admin, email);
  admin.destroy();
  const { AccessToken } = await signInRaw(pool.endpoint, log, email);
  return { email, accessToken: AccessToken };
}

const call = (target: string, body: object) => callPool(pool.endpoint, target, body);

async function startRegistration(accessToken: string) {
  const started = await call('StartWebAuthnRegistration', { AccessToken: accessToken });
  expect(started.status).toBe(200);
  return started.body.CredentialCreationOptions as { challenge: string };
}

async function listed(accessToken: string) {
  return (await call('ListWebAuthnCredentials', { AccessToken: accessToken })).body.Credentials as unknown[];
}

async function registered(accessToken: string) {
  const authenticator = new SoftwareAuthenticator(PASSKEY_ORIGIN, PASSKEY_RP_ID);
  const options = await startRegistration(accessToken);
  const done = await call('CompleteWebAuthnRegistration', {
    AccessToken: accessToken,
    Credential: authenticator.register(options),
  });
  expect(done.status).toBe(200);
  return authenticator;
}

async function challenge(email: string) {
  const started = await call('InitiateAuth', {
    AuthFlow: 'USER_AUTH',
    ClientId: CLIENT_ID,
    AuthParameters: { USERNAME: email, PREFERRED_CHALLENGE: 'WEB_AUTHN' },
  });
  return {
    ...started,
    session: started.body.Session as string,
    options: JSON.parse(started.body.ChallengeParameters?.CREDENTIAL_REQUEST_OPTIONS ?? '{}') as { challenge: string },
  };
}

const answer = (email: string, session: string, credential: unknown) =>
  call('RespondToAuthChallenge', {
    ChallengeName: 'WEB_AUTHN',
    ClientId: CLIENT_ID,
    Session: session,
    ChallengeResponses: {
      USERNAME: email,
      CREDENTIAL: typeof credential === 'string' ? credential : JSON.stringify(credential),
    },
  });

describe('local Cognito passkey registration refusals', () => {
  it('refuses an attestation made on another origin, and stores nothing', async () => {
    const { accessToken } = await person();
    const authenticator = new SoftwareAuthenticator('https://evil.example', PASSKEY_RP_ID);
    const options = await startRegistration(accessToken);

    const refused = await call('CompleteWebAuthnRegistration', {
      AccessToken: accessToken,
      Credential: authenticator.register(options),
    });

    expect(refused.status).toBe(400);
    expect(refused.body.__type).toBe('WebAuthnOriginNotAllowedException');
    expect(refused.body.message).toContain('https://evil.example');
    expect(await listed(accessToken)).toEqual([]);
  });

  it('refuses an attestation for another relying party, and stores nothing', async () => {
    const { accessToken } = await person();
    const authenticator = new SoftwareAuthenticator(PASSKEY_ORIGIN, 'evil.example');
    const options = await startRegistration(accessToken);

    const refused = await call('CompleteWebAuthnRegistration', {
      AccessToken: accessToken,
      Credential: authenticator.register(options),
    });

    expect(refused.body.__type).toBe('WebAuthnRelyingPartyMismatchException');
    expect(await listed(accessToken)).toEqual([]);
  });

  it('refuses malformed credentials and an unasked-for one with a message naming the problem', async () => {
    const { accessToken } = await person();
    const authenticator = new SoftwareAuthenticator(PASSKEY_ORIGIN, PASSKEY_RP_ID);

    const unasked = await call('CompleteWebAuthnRegistration', {
      AccessToken: accessToken,
      Credential: authenticator.register({ challenge: 'bm90LWFza2Vk' }),
    });
    await startRegistration(accessToken);
    const notACredential = await call('CompleteWebAuthnRegistration', {
      AccessToken: accessToken,
      Credential: { id: 'x', type: 'password' },
    });
    const options = await startRegistration(accessToken);
    const valid = authenticator.register(options);
    const garbledAttestation = await call('CompleteWebAuthnRegistration', {
      AccessToken: accessToken,
      Credential: { ...valid, response: { ...valid.response, attestationObject: 'AAAA' } },
    });

    expect(unasked.body.__type).toBe('WebAuthnChallengeNotFoundException');
    expect(notACredential.body.__type).toBe('InvalidParameterException');
    expect(notACredential.body.message).toMatch(/^Credential is not a WebAuthn credential: /);
    expect(garbledAttestation.body.__type).toBe('InvalidParameterException');
    expect(garbledAttestation.body.message).toMatch(/^The passkey could not be registered: /);
    expect(await listed(accessToken)).toEqual([]);
  });

  it('refuses registration without a valid access token', async () => {
    const refused = await call('StartWebAuthnRegistration', { AccessToken: 'not-a-token' });
    expect(refused.body.__type).toBe('NotAuthorizedException');
  });
});

describe('local Cognito passkey sign-in refusals', () => {
  it('accepts a challenge once: the same assertion sent again is refused', async () => {
    const { email, accessToken } = await person();
    const authenticator = await registered(accessToken);
    const { session, options } = await challenge(email);
    const assertion = authenticator.assert(options);

    const first = await answer(email, session, assertion);
    const replayed = await answer(email, session, assertion);

    expect(first.status).toBe(200);
    expect(first.body.AuthenticationResult.IdToken).toEqual(expect.any(String));
    expect(replayed.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  });

  it('refuses an assertion whose signature counter did not advance', async () => {
    const { email, accessToken } = await person();
    const authenticator = await registered(accessToken);
    const first = await challenge(email);
    expect((await answer(email, first.session, authenticator.assert(first.options))).status).toBe(200);

    const second = await challenge(email);
    const stale = await answer(email, second.session, authenticator.assert(second.options, { counter: 1 }));

    expect(stale.body.__type).toBe('NotAuthorizedException');
    expect(stale.body.message).toContain('signature counter did not advance');
  });

  it('refuses an assertion for the wrong relying party or origin, and malformed ones', async () => {
    const { email, accessToken } = await person();
    const authenticator = await registered(accessToken);

    const rp = await challenge(email);
    const wrongRp = await answer(email, rp.session, authenticator.assert(rp.options, { rpId: 'evil.example' }));
    const origin = await challenge(email);
    const wrongOrigin = await answer(
      email,
      origin.session,
      authenticator.assert(origin.options, { origin: 'http://127.0.0.1:5173' }),
    );
    const garbled = await challenge(email);
    const notJson = await answer(email, garbled.session, '{"id":');
    const foreign = await challenge(email);
    const stranger = new SoftwareAuthenticator(PASSKEY_ORIGIN, PASSKEY_RP_ID);
    const foreignKey = await answer(email, foreign.session, stranger.assert(foreign.options));

    expect(wrongRp.body.__type).toBe('WebAuthnRelyingPartyMismatchException');
    expect(wrongOrigin.body.__type).toBe('WebAuthnOriginNotAllowedException');
    expect(notJson.body).toEqual({ __type: 'InvalidParameterException', message: 'CREDENTIAL is not valid JSON.' });
    expect(foreignKey.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'The passkey is not registered for this user.',
    });
  });

  it('answers an unknown e-mail with the same challenge shape, and refuses any answer', async () => {
    const started = await challenge('nobody@example.com');
    const stranger = new SoftwareAuthenticator(PASSKEY_ORIGIN, PASSKEY_RP_ID);

    expect(started.body).toMatchObject({
      ChallengeName: 'WEB_AUTHN',
      ChallengeParameters: { USERNAME: expect.any(String) },
    });
    expect(started.options).toMatchObject({ rpId: PASSKEY_RP_ID, allowCredentials: [] });
    const refused = await answer('nobody@example.com', started.session, stranger.assert(started.options));
    expect(refused.body.__type).toBe('NotAuthorizedException');
  });

  it(`counts refused passkeys: after ${PASSKEY_MAX_FAILURES} in a row, passkey sign-in is refused`, async () => {
    const { email, accessToken } = await person();
    const authenticator = await registered(accessToken);
    for (let attempt = 0; attempt < PASSKEY_MAX_FAILURES; attempt++) {
      const { session, options } = await challenge(email);
      const refused = await answer(email, session, authenticator.assert(options, { origin: 'https://evil.example' }));
      expect(refused.status).toBe(400);
    }

    const locked = await challenge(email);

    expect(locked.body).toEqual({ __type: 'NotAuthorizedException', message: 'Password attempts exceeded' });
  });

  it('refuses flows and challenges the pool does not offer', async () => {
    const otp = await call('InitiateAuth', {
      AuthFlow: 'USER_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: 'someone@example.com', PREFERRED_CHALLENGE: 'EMAIL_OTP' },
    });
    expect(otp.body.__type).toBe('InvalidParameterException');
  });
});
