// A person's records: profile (user), access (users_access) and preferences (users_preferences).
// They share one partition so a caller's whole context is read with a single Query.


const service = 'portal';

export const userSchema = {
  model: { entity: 'user', version: '1', service },
  attributes: {
    uid: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true },
    displayName: { type: 'string' },
    photoURL: { type: 'string' },
    createdAt: { type: 'number', readOnly: true, default: () => Date.now() },
  },
  indexes: {
    byUid: {
      collection: 'userRecords',
      pk: { field: 'pk', composite: ['uid'] },
      sk: { field: 'sk', composite: [] },
    },
    byEmail: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['email'] },
      sk: { field: 'gsi1sk', composite: [] },
    },
  },
} as const;

export const userAccessSchema = {
  model: { entity: 'userAccess', version: '1', service },
  attributes: {
    uid: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true },
    claims: {
      type: 'map',
      required: true,
      properties: {
        userType: { type: 'string', required: true },
        accessLevel: { type: 'number', required: true },
        /** Tokens whose auth_time is earlier than this (ms since epoch) are refused. */
        _revoked: { type: 'number' },
        /** Tokens whose auth_time is earlier than this (ms since epoch) must be refreshed. */
        _synced: { type: 'number' },
      },
    },
    companies: { type: 'list', items: { type: 'string' }, default: () => [] },
    servicesEnabled: { type: 'list', items: { type: 'string' }, default: () => [] },
    servicesManaged: { type: 'list', items: { type: 'string' }, default: () => [] },
    version: { type: 'number', required: true, default: () => 1 },
    updatedAt: { type: 'number', default: () => Date.now() },
    updatedBy: { type: 'string' },
  },
  indexes: {
    byUid: {
      collection: 'userRecords',
      pk: { field: 'pk', composite: ['uid'] },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const;

export const userPreferencesSchema = {
  model: { entity: 'userPreferences', version: '1', service },
  attributes: {
    uid: { type: 'string', required: true, readOnly: true },
    defaultCompany: { type: 'string' },
    updatedAt: { type: 'number', default: () => Date.now() },
  },
  indexes: {
    byUid: {
      collection: 'userRecords',
      pk: { field: 'pk', composite: ['uid'] },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const;

