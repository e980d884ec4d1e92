// The local SES identity route (infra/local/ses-identities.ts), driven by the real @aws-sdk/client-ses at the
// stack's MAIL_IDENTITY_ENDPOINT: every identity action the portal uses, in SES's query protocol and XML answers.
import {
  DeleteIdentityCommand,
  GetIdentityDkimAttributesCommand,
  GetIdentityVerificationAttributesCommand,
  ListIdentitiesCommand,
  SESClient,
  VerifyDomainDkimCommand,
  VerifyDomainIdentityCommand,
  VerifyEmailIdentityCommand,
} from '@aws-sdk/client-ses';
import { describe, expect, inject, it } from 'vitest';

const environment = inject('localStack').environment;
const client = new SESClient({
  region: environment.AWS_REGION,
  endpoint: environment.MAIL_IDENTITY_ENDPOINT,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const unique = () => Math.random().toString(36).slice(2, 10);

describe('the local SES identity route', () => {
  it('verifies a domain with three DKIM tokens, lists it, describes it and deletes it', async () => {
    const domain = `mail-${unique()}.example.org`;
    const verified = await client.send(new VerifyDomainIdentityCommand({ Domain: domain }));
    expect(verified.VerificationToken).toMatch(/\S{10,}/);
    const dkim = await client.send(new VerifyDomainDkimCommand({ Domain: domain }));
    expect(dkim.DkimTokens).toHaveLength(3);

    const listed = await client.send(new ListIdentitiesCommand({ MaxItems: 1000 }));
    expect(listed.Identities).toContain(domain);
    const attributes = await client.send(
      new GetIdentityVerificationAttributesCommand({ Identities: [domain, `nobody@${unique()}.example.org`] }),
    );
    expect(Object.keys(attributes.VerificationAttributes ?? {})).toEqual([domain]);
    expect(attributes.VerificationAttributes?.[domain]?.VerificationStatus).toBe('Success');
    const dkimAttributes = await client.send(new GetIdentityDkimAttributesCommand({ Identities: [domain] }));
    expect(dkimAttributes.DkimAttributes?.[domain]).toMatchObject({
      DkimEnabled: true,
      DkimVerificationStatus: 'Success',
      DkimTokens: dkim.DkimTokens,
    });

    await client.send(new DeleteIdentityCommand({ Identity: domain }));
    const after = await client.send(new GetIdentityVerificationAttributesCommand({ Identities: [domain] }));
    expect(after.VerificationAttributes ?? {}).toEqual({});
  });

  it('verifies an address, which has no DKIM tokens of its own', async () => {
    const address = `sender-${unique()}@example.net`;
    await client.send(new VerifyEmailIdentityCommand({ EmailAddress: address }));
    const listed = await client.send(new ListIdentitiesCommand({ IdentityType: 'EmailAddress' }));
    expect(listed.Identities).toContain(address);
    const dkim = await client.send(new GetIdentityDkimAttributesCommand({ Identities: [address] }));
    expect(dkim.DkimAttributes?.[address]?.DkimTokens ?? []).toEqual([]);
    await client.send(new DeleteIdentityCommand({ Identity: address }));
  });

  it("answers SES's errors: an address given as a domain is an InvalidParameterValue", async () => {
    await expect(client.send(new VerifyDomainIdentityCommand({ Domain: 'a@b.example' }))).rejects.toMatchObject({
      name: 'InvalidParameterValue',
      $metadata: { httpStatusCode: 400 },
    });
  });

  it('answers no request without the local SigV4 credential', async () => {
    const response = await fetch(environment.MAIL_IDENTITY_ENDPOINT!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'Action=ListIdentities&Version=2010-12-01',
    });
    expect(response.status).toBe(403);
  });
});
