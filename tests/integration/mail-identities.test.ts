// E-mail sending identities and which one sends which mail (/admin/keys_email, level 9), in a table of its own
// (the mail settings are one platform-wide item; other suites send sign-in mail on the shared table). Identities
// live in the local SES identity route, as they live in SES on AWS. Each change and each refused input is recorded
// as an event of the administrator, never with a pasted secret.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../infra/local/create-table.js';
import { handler } from '../../lambdas/api/handler.js';
import { resetConfigCache } from '../../lambdas/kernel/config.js';
import { getMailSettingsRecord } from '../../lambdas/kernel/data/entities/mail-settings.js';
import { listEventsCreatedBy } from '../../lambdas/kernel/events/events.js';
import { callEvent, parseResult } from '../support/call-event.js';
import { nextMailTo } from '../support/outbox.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const settingsTable = 'portal-mail-settings-test';
process.env.TABLE_NAME = settingsTable;
resetConfigCache();

const { appUrl } = inject('localStack');
const run = Math.random().toString(36).slice(2, 8);
let admin: ReturnType<typeof signedInCaller>;
let adminUid: string;

/** The administrator's events, newest first, of a type. */
async function eventsOf(type: string) {
  const { events } = await listEventsCreatedBy(adminUid, { limit: 100, descending: true });
  return events.filter((event) => event.type === type);
}

const askForLink = async (email: string) =>
  parseResult(await handler(callEvent('sendSignInLink', { email, url: appUrl }, { sourceIp: '198.51.100.77' })));

beforeAll(async () => {
  await ensureTable(new DynamoDBClient({}), settingsTable);
  const user = await createTestUser({ userType: 'analyst', accessLevel: 9 });
  adminUid = user.uid;
  admin = signedInCaller(user);
});

describe('sending identities (level 9)', () => {
  it('adds a domain with its DKIM records, verified, and lists it with the settings', async () => {
    const domain = `identities-${run}.example.org`;
    const added = await admin('addMailIdentity', { identity: ` ${domain.toUpperCase()} ` });
    const listed = await admin('listMailIdentities', {});

    expect(added.statusCode, JSON.stringify(added.body)).toBe(200);
    expect(added.body.result).toMatchObject({ identity: domain, type: 'domain', verified: true });
    expect(added.body.result.dkimRecords).toHaveLength(3);
    for (const record of added.body.result.dkimRecords) {
      expect(record.name).toMatch(new RegExp(`^\\w+\\._domainkey\\.${domain.replace(/\./g, '\\.')}$`));
      expect(record.value).toMatch(/^\w+\.dkim\.amazonses\.com$/);
    }
    expect(listed.body.result.identities.map((identity: { identity: string }) => identity.identity)).toContain(domain);
    expect(listed.body.result.settings).toMatchObject({ defaultFrom: 'no-reply@portal.local' });
    expect(await eventsOf('mailIdentityAdded')).toMatchObject([
      { summary: `Added the sending domain ${domain}`, after: { identity: domain, type: 'domain' } },
    ]);
  });

  it('the next sign-in mail comes from the sender chosen for sign-in, and from MAIL_FROM again once it is unset', async () => {
    const domain = `signin-${run}.example.org`;
    await admin('addMailIdentity', { identity: domain });
    const user = await createTestUser({ accessLevel: 2 });
    const version = (await getMailSettingsRecord()).version;

    const chosen = await admin('updateMailSettings', { version, senders: { signIn: `hello@${domain}` } });
    expect(chosen.statusCode, JSON.stringify(chosen.body)).toBe(200);
    expect((await askForLink(user.email)).statusCode).toBe(200);
    const mail = await nextMailTo(user.email, 0);

    const unset = await admin('updateMailSettings', { version: chosen.body.result.version, senders: { signIn: '' } });
    expect(unset.statusCode).toBe(200);
    const second = await createTestUser({ accessLevel: 2 });
    await askForLink(second.email);
    const fallback = await nextMailTo(second.email, 0);

    expect(mail.from).toBe(`hello@${domain}`);
    expect(fallback.from).toBe('no-reply@portal.local');
    const changes = await eventsOf('mailSettingsChanged');
    expect(changes.slice(0, 2)).toMatchObject([
      { summary: expect.stringContaining('sign-in from the default sender'), after: { version: version + 2 } },
      { summary: expect.stringContaining(`sign-in from hello@${domain}`), after: { version: version + 1 } },
    ]);
  });

  it('refuses bad input with INVALID_ARGUMENT naming the field, writes nothing but the refusals, never the secret', async () => {
    const before = await getMailSettingsRecord();
    const refusedBefore = (await eventsOf('mailSettingsRefused')).length;
    const changedBefore = (await eventsOf('mailSettingsChanged')).length;
    const notAnIdentity = await admin('addMailIdentity', { identity: 'not a domain' });
    const unknown = await admin('removeMailIdentity', { identity: `unknown-${run}.example.org` });
    const unverified = await admin('updateMailSettings', {
      version: before.version,
      senders: { invitation: `hello@nowhere-${run}.example.org` },
    });
    const pastedSecret = await admin('updateMailSettings', {
      version: before.version,
      senders: {},
      providerSecretRef: 'SG.aB3dE5fG7hI9jK1lM3nO5p.qR7sT9uV1wX3yZ5aB7cD9eF1gH3iJ5kL7mN9oP1qR3',
    });
    const notAddress = await admin('updateMailSettings', {
      version: before.version,
      senders: { signIn: 'portal.local' },
    });

    expect(notAnIdentity.statusCode).toBe(400);
    expect(notAnIdentity.body.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(notAnIdentity.body.error.message).toMatch(/^identity: /);
    expect(unknown.body.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(unknown.body.error.message).toMatch(/^identity: unknown identity/);
    expect(unverified.body.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(unverified.body.error.message).toMatch(/^senders\.invitation: /);
    expect(pastedSecret.body.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(pastedSecret.body.error.message).toMatch(/^providerSecretRef: /);
    expect(JSON.stringify(pastedSecret.body)).not.toContain('SG.aB3d');
    expect(notAddress.body.error.message).toMatch(/^senders\.signIn: /);
    expect(await getMailSettingsRecord()).toEqual(before);
    // The kernel's three refusals are recorded (the schema refuses the malformed identity and address first).
    const refused = await eventsOf('mailSettingsRefused');
    expect(refused.slice(0, refused.length - refusedBefore).map((event) => event.summary)).toEqual([
      expect.stringContaining('providerSecretRef: must be a Secrets Manager ARN'),
      expect.stringContaining(`senders.invitation: hello@nowhere-${run}.example.org is not under a verified`),
      expect.stringContaining(`identity: unknown identity unknown-${run}.example.org`),
    ]);
    expect((await eventsOf('mailSettingsChanged')).length).toBe(changedBefore);
    const { events } = await listEventsCreatedBy(adminUid, { limit: 100, descending: true });
    expect(JSON.stringify(events)).not.toContain('SG.aB3d');
    expect(JSON.stringify(events)).not.toContain('qR7sT9uV1wX3yZ5a');
  });

  it('keeps a Secrets Manager reference, aborts a stale version, and will not remove an identity in use', async () => {
    const domain = `inuse-${run}.example.org`;
    await admin('addMailIdentity', { identity: domain });
    const version = (await getMailSettingsRecord()).version;
    const arn = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:portal/mail/provider-AbCdEf';

    const saved = await admin('updateMailSettings', {
      version,
      senders: { notification: `alerts@${domain}` },
      providerSecretRef: arn,
    });
    const stale = await admin('updateMailSettings', { version, senders: {} });
    const inUse = await admin('removeMailIdentity', { identity: domain });
    const again = await admin('addMailIdentity', { identity: domain });

    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.result).toMatchObject({ providerSecretRef: arn, senders: { notification: `alerts@${domain}` } });
    expect(stale.statusCode).toBe(409);
    expect(stale.body.error).toMatchObject({ status: 'ABORTED', details: { current: { version: version + 1 } } });
    expect(inUse.statusCode).toBe(400);
    expect(inUse.body.error.message).toMatch(/^identity: .*notification/);
    expect(again.body.error.message).toMatch(/^identity: .*already/);

    const freed = await admin('updateMailSettings', { version: version + 1, senders: {} });
    const removed = await admin('removeMailIdentity', { identity: domain });
    expect(freed.statusCode).toBe(200);
    expect(removed.body.result).toEqual({ removed: domain });

    expect((await eventsOf('mailSettingsChanged'))[1]).toMatchObject({
      summary: expect.stringContaining(`notification from alerts@${domain}; the other provider's secret: ${arn}`),
      after: { providerSecretRef: arn },
    });
    expect(await eventsOf('mailIdentityRemoved')).toMatchObject([{ summary: `Removed the sending domain ${domain}` }]);
    const refusals = (await eventsOf('mailSettingsRefused')).map((event) => event.summary);
    expect(refusals).toContainEqual(
      expect.stringMatching(new RegExp(`^Refused the sending identity ${domain}: .*already`)),
    );
    expect(refusals).toContainEqual(expect.stringMatching(/^Refused the removal .*notification/));
  });
});
