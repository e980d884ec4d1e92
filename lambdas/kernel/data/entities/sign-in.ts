// Sign-in link records and throttle windows. Keys hold HMACs, never an e-mail address or an IP.
export const signInLinkSchema = {
  model: { entity: 'signInLink', version: '1', service: 'portal' },
  attributes: {
    /** HMAC of the lower-cased e-mail: one outstanding link per address, a new one replaces the old. */
    emailKey: { type: 'string', required: true, readOnly: true },
    /** The user the link was made for (empty for an unknown address, which gets a record all the same). */
    uid: { type: 'string' },
    /** SHA-256 of the token; the token itself is only ever in the mail. */
    tokenHash: { type: 'string', required: true },
    createdAt: { type: 'number', required: true },
    expiresAt: { type: 'number', required: true },
    usedAt: { type: 'number' },
    /** Epoch seconds: DynamoDB TTL removes stale links; expiry itself is checked in code. */
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byEmailKey: {
      pk: { field: 'pk', composite: ['emailKey'] },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const;

export const signInThrottleSchema = {
  model: { entity: 'signInThrottle', version: '1', service: 'portal' },
  attributes: {
    /** HMAC of the client address. */
    subjectKey: { type: 'string', required: true, readOnly: true },
    windowStart: { type: 'number', required: true, readOnly: true },
    count: { type: 'number', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byWindow: {
      pk: { field: 'pk', composite: ['subjectKey'] },
      sk: { field: 'sk', composite: ['windowStart'] },
    },
  },
} as const;
