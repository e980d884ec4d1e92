// SES (API v1) through kernel/mail/ses-request.ts beside the real @aws-sdk/client-ses: SendEmail reaches a
// recording server on 127.0.0.1 with the very parameters the SDK client sends, signed for `ses`; an error answer
// becomes an AwsServiceError with SES's code; and the identity actions, against the local stack's identity
// stand-in, read what the SDK client reads.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  GetIdentityDkimAttributesCommand,
  SESClient,
  SendEmailCommand,
  VerifyDomainDkimCommand,
  VerifyDomainIdentityCommand,
  type SendEmailCommandInput,
} from '@aws-sdk/client-ses';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AwsServiceError } from '../../lambdas/kernel/aws/json-request.js';
import { textAt } from '../../lambdas/kernel/aws/xml-answer.js';
import {
  createMailIdentity,
  deleteMailIdentity,
  findMailIdentity,
  listMailIdentities,
} from '../../lambdas/kernel/mail/mail-identities.js';
import { sesRequest } from '../../lambdas/kernel/mail/ses-request.js';

const environment = inject('localStack').environment;
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const seen: Array<{ form: Record<string, string>; scope: string }> = [];
let endpoint = '';
const server = createServer((request: IncomingMessage, response) => {
  let text = '';
  request.on('data', (chunk: Buffer) => (text += chunk.toString()));
  request.on('end', () => {
    const form = Object.fromEntries(new URLSearchParams(text));
    seen.push({
      form,
      scope:
        /Credential=[^/]+\/\d+\/([^/]+)\/([^/]+)\//.exec(String(request.headers.authorization))?.slice(1).join('/') ??
        '',
    });
    response.setHeader('content-type', 'text/xml');
    if (form['Message.Subject.Data'] === 'refuse me') {
      response.statusCode = 400;
      response.end(
        '<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><Error><Type>Sender</Type>' +
          '<Code>MessageRejected</Code><Message>Email address is not verified.</Message></Error>' +
          '<RequestId>r-2</RequestId></ErrorResponse>',
      );
      return;
    }
    response.end(
      '<?xml version="1.0"?>\n<SendEmailResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><SendEmailResult>' +
        '<MessageId>0000-m&amp;1</MessageId></SendEmailResult><ResponseMetadata><RequestId>r-1</RequestId>' +
        '</ResponseMetadata></SendEmailResponse>',
    );
  });
});

beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
});

const mail: SendEmailCommandInput = {
  Source: 'Portal <no-reply@portal.example>',
  Destination: { ToAddresses: ['dana+test@acme.example'] },
  ReplyToAddresses: ['help@portal.example'],
  Message: {
    Subject: { Data: "Sign in: ü & <b>'s (link)*!", Charset: 'UTF-8' },
    Body: {
      Html: { Data: '<p>Hello &amp; welcome</p>\n', Charset: 'UTF-8' },
      Text: { Data: 'Hello & welcome\n\tline two ~', Charset: 'UTF-8' },
    },
  },
};

describe('sesRequest', () => {
  it('sends SendEmail as the SDK client sends it, and reads the message id', async () => {
    const client = new SESClient({ endpoint, region: environment.AWS_REGION, credentials });
    const fromClient = await client.send(new SendEmailCommand(mail));
    const result = await sesRequest('SendEmail', mail as unknown as Record<string, unknown>, endpoint);
    expect(textAt(result, 'MessageId')).toBe(fromClient.MessageId);
    expect(fromClient.MessageId).toBe('0000-m&1');
    expect(seen).toHaveLength(2);
    expect(seen[1]!.form).toEqual(seen[0]!.form);
    expect(seen[1]!.form['Message.Subject.Data']).toBe(mail.Message!.Subject!.Data);
    expect(seen[1]!.scope).toBe(seen[0]!.scope);
    expect(seen[1]!.scope).toBe(`${environment.AWS_REGION}/ses`);
  });

  it("answers SES's error as an AwsServiceError with its code", async () => {
    const refused = { ...mail, Message: { ...mail.Message!, Subject: { Data: 'refuse me' } } };
    const error = await sesRequest('SendEmail', refused as unknown as Record<string, unknown>, endpoint).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(AwsServiceError);
    expect(error).toMatchObject({ code: 'MessageRejected', message: 'Email address is not verified.', status: 400 });
  });
});

describe('the mail identities through sesRequest', () => {
  const client = new SESClient({
    region: environment.AWS_REGION,
    endpoint: environment.MAIL_IDENTITY_ENDPOINT,
    credentials,
  });

  it('reads a domain the SDK client created as the SDK client reads it, and creates and deletes its own', async () => {
    const domain = `ses-${Math.random().toString(36).slice(2, 10)}.example.org`;
    await client.send(new VerifyDomainIdentityCommand({ Domain: domain }));
    await client.send(new VerifyDomainDkimCommand({ Domain: domain }));
    const fromClient = await client.send(new GetIdentityDkimAttributesCommand({ Identities: [domain] }));
    const found = await findMailIdentity(domain);
    expect(found).toMatchObject({ identity: domain, type: 'domain', verified: true, dkimStatus: 'Success' });
    expect(found!.dkimRecords.map((record) => record.name)).toEqual(
      fromClient.DkimAttributes![domain]!.DkimTokens!.map((token) => `${token}._domainkey.${domain}`),
    );
    expect((await listMailIdentities()).map((identity) => identity.identity)).toContain(domain);

    const address = `sender-${Math.random().toString(36).slice(2, 10)}@example.net`;
    expect(await createMailIdentity(address)).toMatchObject({ identity: address, type: 'address', dkimRecords: [] });
    await deleteMailIdentity(address);
    await deleteMailIdentity(domain);
    expect(await findMailIdentity(domain)).toBeUndefined();
    expect(await findMailIdentity(address)).toBeUndefined();
  });
});
