// Sign-in link records and throttle windows. Keys hold HMACs, never an e-mail address or an IP.
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../table.js';

export const signInLinkEntity = new Entity({
  name: 'signInLink',
  table: portalTable,
  timestamps: false,
  schema: item({
    /** HMAC of the lower-cased e-mail: one outstanding link per address, a new one replaces the old. */
    emailKey: string().key(),
    /** The user the link was made for ('' for an unknown address, which gets a record all the same). */
    uid: string(),
    /** SHA-256 of the token; the token itself is only ever in the mail. */
    tokenHash: string(),
    createdAt: number(),
    expiresAt: number(),
    usedAt: number().optional(),
    /** Attempts with this link's token that named another address; at the limit the link is dead. */
    misses: number().optional(),
    /** HMAC of the mail's one-time code (link-token.ts hashSignInCode); absent for links mailed without one. */
    codeHash: string().optional(),
    /** Wrong codes typed for this link; at the limit (SIGN_IN_CODE_MAX_MISSES) link and code are dead. */
    codeMisses: number().optional(),
    /** What was used, written with usedAt: the link's token or the code. */
    usedWith: string().optional(),
    /** When the token issued for that use took it as its sign-in proof (PreTokenGeneration, at most once). */
    proofClaimedAt: number().optional(),
    /** Epoch seconds: DynamoDB TTL removes stale links; expiry itself is checked in code. */
    ttl: number(),
  }),
  computeKey: ({ emailKey }) => ({ pk: `SIGNIN#${emailKey}`, sk: 'LINK' }),
});

/**
 * From a link's token hash to its link record, written with the link: an attempt with the token and a
 * wrong address finds the link it counts against without knowing the address.
 */
export const signInTokenEntity = new Entity({
  name: 'signInToken',
  table: portalTable,
  timestamps: false,
  schema: item({
    tokenHash: string().key(),
    emailKey: string(),
    ttl: number(),
  }),
  computeKey: ({ tokenHash }) => ({ pk: `SIGNINTOKEN#${tokenHash}`, sk: 'TOKEN' }),
});

export const signInThrottleEntity = new Entity({
  name: 'signInThrottle',
  table: portalTable,
  timestamps: false,
  schema: item({
    /** HMAC of the client address. */
    subjectKey: string().key(),
    windowStart: number().key(),
    count: number(),
    ttl: number(),
  }),
  computeKey: ({ subjectKey, windowStart }) => ({ pk: `THROTTLE#${subjectKey}`, sk: `WINDOW#${windowStart}` }),
});
