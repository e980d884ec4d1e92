// The identities the platform sends mail from, as SES holds them (SES is their one source of truth): a domain,
// whose DKIM CNAME records the operator publishes, or a single address. SES API v1 identity actions, as the
// mailer sends (ses-request.ts). On the local stack the same actions reach `npm start`'s identity stand-in
// (MAIL_IDENTITY_ENDPOINT); on AWS, SES's regional endpoint.
import { child, entriesOf, membersOf, textAt } from '../aws/xml-answer.js';
import { readConfig } from '../config.js';
import { sesRequest } from './ses-request.js';

const ses = (action: string, input: Record<string, unknown>) =>
  sesRequest(action, input, readConfig().MAIL_IDENTITY_ENDPOINT);

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
    ses('GetIdentityVerificationAttributes', { Identities: identities }),
    ses('GetIdentityDkimAttributes', { Identities: identities }),
  ]);
  const verifications = entriesOf(child(verification, 'VerificationAttributes'));
  const dkims = entriesOf(child(dkim, 'DkimAttributes'));
  const result: MailIdentity[] = [];
  for (const identity of identities) {
    const attributes = verifications.get(identity);
    if (!attributes) continue; // not an identity of this account
    const dkimAttributes = dkims.get(identity);
    const status = textAt(attributes, 'VerificationStatus');
    const dkimStatus = textAt(dkimAttributes, 'DkimVerificationStatus');
    const type = typeOf(identity);
    result.push({
      identity,
      type,
      verificationStatus: status ?? 'NotStarted',
      verified: status === 'Success',
      ...(dkimStatus ? { dkimStatus } : {}),
      dkimRecords:
        type === 'domain'
          ? membersOf(child(dkimAttributes, 'DkimTokens')).map((token) => ({
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
  const listed = await ses('ListIdentities', { MaxItems: maxListedIdentities });
  const identities = membersOf(child(listed, 'Identities')).sort();
  return describeIdentities(identities);
}

export async function findMailIdentity(identity: string): Promise<MailIdentity | undefined> {
  return (await describeIdentities([identity]))[0];
}

/** Asks SES to verify a domain (with Easy DKIM: three CNAME records to publish) or an address (SES mails it). */
export async function createMailIdentity(identity: string): Promise<MailIdentity> {
  if (typeOf(identity) === 'domain') {
    await ses('VerifyDomainIdentity', { Domain: identity });
    await ses('VerifyDomainDkim', { Domain: identity });
  } else {
    await ses('VerifyEmailIdentity', { EmailAddress: identity });
  }
  const created = await findMailIdentity(identity);
  if (!created) throw new Error('SES did not list the identity it was asked to create');
  return created;
}

export async function deleteMailIdentity(identity: string): Promise<void> {
  await ses('DeleteIdentity', { Identity: identity });
}

/** Whether mail may be sent from the address: it, or its domain, is a verified identity. */
export async function senderVerified(address: string): Promise<boolean> {
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const found = await describeIdentities([address, domain]);
  return found.some((identity) => identity.verified);
}
