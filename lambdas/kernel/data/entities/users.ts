// A person's records: profile (user), access (users_access) and preferences (users_preferences).
// They share the partition USER#<uid>, so a caller's whole context is read with a single Query.
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { record } from 'dynamodb-toolbox/schema/record';
import { string } from 'dynamodb-toolbox/schema/string';
import { userProfileSearchText } from '../../search/row-search.js';
import { portalTable } from '../table.js';

export const userPartition = (uid: string) => `USER#${uid}`;
/** Every user sits in one index partition sorted by e-mail: lookup by e-mail, listing and prefix search. */
export const userListPartition = 'USERS';

const userSchema = item({
  uid: string().key(),
  email: string(),
  displayName: string().optional(),
  photoURL: string().optional(),
  createdAt: number().default(() => Date.now()),
  /** Set by the token trigger at each sign-in. */
  lastSignInAt: number().optional(),
  version: number().default(1),
  updatedAt: number().optional(),
  updatedBy: string().optional(),
});

export const userEntity = new Entity({
  name: 'user',
  table: portalTable,
  timestamps: false,
  schema: userSchema.and((_schema) => ({
    gsi1pk: string().hidden().const(userListPartition),
    gsi1sk: string()
      .hidden()
      .link<typeof _schema>(({ email }) => email),
    // The platform users list filters on these (a Query's FilterExpression reads only the item it lists):
    // the profile's words, written with the profile, and the access record's words, written by every
    // access change (the access record is another item).
    profileSearchText: string()
      .optional()
      .hidden()
      .link<typeof _schema>(({ email, displayName }) => userProfileSearchText({ email, displayName })),
    accessSearchText: string().optional().hidden(),
  })),
  computeKey: ({ uid }) => ({ pk: userPartition(uid), sk: 'PROFILE' }),
});

export const userAccessEntity = new Entity({
  name: 'userAccess',
  table: portalTable,
  timestamps: false,
  schema: item({
    uid: string().key(),
    email: string(),
    claims: map({
      userType: string(),
      accessLevel: number(),
      /** Tokens whose auth_time is earlier than this (ms since epoch) are refused. */
      _revoked: number().optional(),
      /** Tokens whose auth_time is earlier than this (ms since epoch) must be refreshed. */
      _synced: number().optional(),
    }),
    companies: list(string()).default(() => []),
    /** A customer's level and services per company (caller.ts `Membership`); optional for records written before. */
    memberships: record(string(), map({ accessLevel: number(), servicesEnabled: list(string()) })).optional(),
    servicesEnabled: list(string()).default(() => []),
    servicesManaged: list(string()).default(() => []),
    version: number().default(1),
    updatedAt: number().default(() => Date.now()),
    updatedBy: string().optional(),
  }),
  computeKey: ({ uid }) => ({ pk: userPartition(uid), sk: 'ACCESS' }),
});

export const userPreferencesEntity = new Entity({
  name: 'userPreferences',
  table: portalTable,
  timestamps: false,
  schema: item({
    uid: string().key(),
    defaultCompany: string().optional(),
    colorScheme: string().enum('auto', 'dark', 'light').optional(),
    updatedAt: number().default(() => Date.now()),
  }),
  computeKey: ({ uid }) => ({ pk: userPartition(uid), sk: 'PREFERENCES' }),
});
