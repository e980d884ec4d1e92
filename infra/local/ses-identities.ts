// The SES identity actions on the local stack. aws-ses-v2-local sends and stores mail but answers none of the
// identity actions, so this route of the local origin (`/ses`, MAIL_IDENTITY_ENDPOINT) answers them on SES's own
// query protocol (form-encoded POST, Version 2010-12-01, XML answers), the protocol @aws-sdk/client-ses speaks:
// VerifyDomainIdentity, VerifyDomainDkim, VerifyEmailIdentity, ListIdentities, GetIdentityVerificationAttributes,
// GetIdentityDkimAttributes and DeleteIdentity. There is no DNS here to check, so every identity is verified at
// once ('Success', DKIM 'Success' with three generated tokens). Identities are kept in `<dataDir>/ses-identities.json`
// so a restart keeps them. Like the SQS stand-in it answers no browser: it needs a SigV4 Authorization header with
// the local access key (a browser on another origin cannot send one without a preflight it never grants), and a
// Host other than 127.0.0.1 or localhost is refused.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';

interface StoredIdentity {
  identity: string;
  verificationToken: string;
  dkimTokens: string[];
  dkimEnabled: boolean;
}

export interface SesIdentitiesOptions {
  /** The JSON file the identities are kept in. */
  file: string;
  accessKeyId: string;
}

const namespace = 'http://ses.amazonaws.com/doc/2010-12-01/';
const maxBody = 64 * 1024;

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

const members = (values: string[]) => values.map((value) => `<member>${escapeXml(value)}</member>`).join('');

class SesError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export function createSesIdentitiesRoute(options: SesIdentitiesOptions) {
  const identities = new Map<string, StoredIdentity>(
    existsSync(options.file)
      ? (JSON.parse(readFileSync(options.file, 'utf8')) as StoredIdentity[]).map((item) => [item.identity, item])
      : [],
  );
  const save = () => writeFileSync(options.file, JSON.stringify([...identities.values()], null, 2));
  const token = () => randomBytes(16).toString('hex');

  const ensure = (identity: string): StoredIdentity => {
    let stored = identities.get(identity);
    if (!stored) {
      stored = { identity, verificationToken: randomBytes(24).toString('base64'), dkimTokens: [], dkimEnabled: false };
      identities.set(identity, stored);
    }
    return stored;
  };
  const listParam = (params: URLSearchParams, name: string) => {
    const values: string[] = [];
    for (let i = 1; params.has(`${name}.member.${i}`); i += 1) values.push(params.get(`${name}.member.${i}`)!);
    return values;
  };
  const required = (params: URLSearchParams, name: string) => {
    const value = params.get(name);
    if (!value) throw new SesError('InvalidParameterValue', `${name} is required`);
    return value;
  };

  const actions: Record<string, (params: URLSearchParams) => string> = {
    VerifyDomainIdentity: (params) => {
      const domain = required(params, 'Domain');
      if (domain.includes('@')) throw new SesError('InvalidParameterValue', `Invalid domain name ${domain}.`);
      const stored = ensure(domain);
      save();
      return `<VerificationToken>${escapeXml(stored.verificationToken)}</VerificationToken>`;
    },
    VerifyDomainDkim: (params) => {
      const domain = required(params, 'Domain');
      const stored = ensure(domain);
      if (stored.dkimTokens.length === 0) stored.dkimTokens = [token(), token(), token()];
      stored.dkimEnabled = true;
      save();
      return `<DkimTokens>${members(stored.dkimTokens)}</DkimTokens>`;
    },
    VerifyEmailIdentity: (params) => {
      const address = required(params, 'EmailAddress');
      if (!address.includes('@')) throw new SesError('InvalidParameterValue', `Invalid email address<${address}>.`);
      ensure(address);
      save();
      return '';
    },
    ListIdentities: (params) => {
      const type = params.get('IdentityType');
      const maxItems = Math.min(Number(params.get('MaxItems') ?? 1000) || 1000, 1000);
      const start = Number(params.get('NextToken') ?? 0) || 0;
      const all = [...identities.keys()]
        .filter((identity) =>
          type === 'EmailAddress' ? identity.includes('@') : type === 'Domain' ? !identity.includes('@') : true,
        )
        .sort();
      const page = all.slice(start, start + maxItems);
      const next = start + maxItems < all.length ? `<NextToken>${start + maxItems}</NextToken>` : '';
      return `<Identities>${members(page)}</Identities>${next}`;
    },
    GetIdentityVerificationAttributes: (params) => {
      const entries = listParam(params, 'Identities')
        .map((identity) => identities.get(identity))
        .filter((stored): stored is StoredIdentity => stored !== undefined)
        .map(
          (stored) =>
            `<entry><key>${escapeXml(stored.identity)}</key><value><VerificationStatus>Success</VerificationStatus>` +
            (stored.identity.includes('@')
              ? ''
              : `<VerificationToken>${escapeXml(stored.verificationToken)}</VerificationToken>`) +
            '</value></entry>',
        );
      return `<VerificationAttributes>${entries.join('')}</VerificationAttributes>`;
    },
    GetIdentityDkimAttributes: (params) => {
      const entries = listParam(params, 'Identities')
        .map((identity) => identities.get(identity))
        .filter((stored): stored is StoredIdentity => stored !== undefined)
        .map(
          (stored) =>
            `<entry><key>${escapeXml(stored.identity)}</key><value><DkimEnabled>${stored.dkimEnabled}</DkimEnabled>` +
            `<DkimVerificationStatus>${stored.dkimEnabled ? 'Success' : 'NotStarted'}</DkimVerificationStatus>` +
            `<DkimTokens>${members(stored.dkimTokens)}</DkimTokens></value></entry>`,
        );
      return `<DkimAttributes>${entries.join('')}</DkimAttributes>`;
    },
    DeleteIdentity: (params) => {
      identities.delete(required(params, 'Identity'));
      save();
      return '';
    },
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const requestId = randomUUID();
    const reply = (status: number, xml: string) => {
      res.writeHead(status, { 'content-type': 'text/xml', 'x-amzn-requestid': requestId });
      res.end(`<?xml version="1.0"?>\n${xml}`);
    };
    const fail = (error: SesError) =>
      reply(
        error.status,
        `<ErrorResponse xmlns="${namespace}"><Error><Type>Sender</Type><Code>${error.code}</Code>` +
          `<Message>${escapeXml(error.message)}</Message></Error><RequestId>${requestId}</RequestId></ErrorResponse>`,
      );
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    if (host !== '127.0.0.1' && host !== 'localhost') return fail(new SesError('AccessDenied', 'Unknown host', 403));
    if (!(req.headers.authorization ?? '').startsWith(`AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/`)) {
      return fail(new SesError('MissingAuthenticationToken', 'Request is missing Authentication Token', 403));
    }
    if (req.method !== 'POST') return fail(new SesError('InvalidAction', 'Only POST is answered', 405));
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBody) return fail(new SesError('InvalidParameterValue', 'Request too large', 413));
      chunks.push(chunk);
    }
    const params = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const action = params.get('Action') ?? '';
    const run = actions[action];
    if (!run) return fail(new SesError('InvalidAction', `The action ${action} is not answered locally`));
    try {
      const result = run(params);
      reply(
        200,
        `<${action}Response xmlns="${namespace}"><${action}Result>${result}</${action}Result>` +
          `<ResponseMetadata><RequestId>${requestId}</RequestId></ResponseMetadata></${action}Response>`,
      );
    } catch (error) {
      if (error instanceof SesError) return fail(error);
      throw error;
    }
  };
}
