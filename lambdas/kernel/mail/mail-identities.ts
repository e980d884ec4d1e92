// The identities the platform sends mail from, as SES holds them (SES is their one source of truth): a domain,
// whose DKIM CNAME records the operator publishes, or a single address. Through the SES client the mailer already
// bundles (API v1 identity actions: a few KB more, no new client). On the local stack the same actions reach
// `npm start`'s identity stand-in (MAIL_IDENTITY_ENDPOINT); on AWS, SES's regional endpoint.
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
import { readConfig } from '../config.js';

let client: SESClient | undefined;
function ses(): SESClient {
  const endpoint = readConfig().MAIL_IDENTITY_ENDPOINT;
  client ??= new SESClient(endpoint ? { endpoint } : {});
  return client;
}

export interface DkimRecord {
  name: string;
  type: 'CNAME';
  value: string;
}

export interface MailIdentity {
  identity: string;
  type: 'domain' | 'address';
  /** SES's word: Pending, Success, Failed, TemporaryFailure or NotStarted. */
  verificationStatus: string;
  verified: boolean;
  dkimStatus?: string;
  dkimRecords: DkimRecord[];
}

/** SES takes at most 100 identities per attribute request; the page shows at most this many. */
export const maxListedIdentities = 100;

const typeOf = (identity: string): MailIdentity['type'] => (identity.includes('@') ? 'address' : 'domain');

export async function describeIdentities(identities: string[]): Promise<MailIdentity[]> {
  if (identities.length === 0) return [];
  const [verification, dkim] = await Promise.all([
    ses().send(new GetIdentityVerificationAttributesCommand({ Identities: identities })),
    ses().send(new GetIdentityDkimAttributesCommand({ Identities: identities })),
  ]);
  const result: MailIdentity[] = [];
  for (const identity of identities) {
    const attributes = verification.VerificationAttributes?.[identity];
    if (!attributes) continue; // not an identity of this account
    const dkimAttributes = dkim.DkimAttributes?.[identity];
    const type = typeOf(identity);
    result.push({
      identity,
      type,
      verificationStatus: attributes.VerificationStatus ?? 'NotStarted',
      verified: attributes.VerificationStatus === 'Success',
      ...(dkimAttributes?.DkimVerificationStatus ? { dkimStatus: dkimAttributes.DkimVerificationStatus } : {}),
      dkimRecords:
        type === 'domain'
          ? (dkimAttributes?.DkimTokens ?? []).map((token) => ({
              name: `${token}._domainkey.${identity}`,
              type: 'CNAME' as const,
              value: `${token}.dkim.amazonses.com`,
            }))
          : [],
    });
  }
  return result;
}

export async function listMailIdentities(): Promise<MailIdentity[]> {
  const listed = await ses().send(new ListIdentitiesCommand({ MaxItems: maxListedIdentities }));
  const identities = [...(listed.Identities ?? [])].sort();
  return describeIdentities(identities);
}

export async function findMailIdentity(identity: string): Promise<MailIdentity | undefined> {
  return (await describeIdentities([identity]))[0];
}

/** Asks SES to verify a domain (with Easy DKIM: three CNAME records to publish) or an address (SES mails it). */
export async function createMailIdentity(identity: string): Promise<MailIdentity> {
  if (typeOf(identity) === 'domain') {
    await ses().send(new VerifyDomainIdentityCommand({ Domain: identity }));
    await ses().send(new VerifyDomainDkimCommand({ Domain: identity }));
  } else {
    await ses().send(new VerifyEmailIdentityCommand({ EmailAddress: identity }));
  }
  const created = await findMailIdentity(identity);
  if (!created) throw new Error('SES did not list the identity it was asked to create');
  return created;
}

export async function deleteMailIdentity(identity: string): Promise<void> {
  await ses().send(new DeleteIdentityCommand({ Identity: identity }));
}

/** Whether mail may be sent from the address: it, or its domain, is a verified identity. */
export async function senderVerified(address: string): Promise<boolean> {
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const found = await describeIdentities([address, domain]);
  return found.some((identity) => identity.verified);
}
