// The entities of the single table, bound to the configured table on first use.
// Only modules under kernel/data import ElectroDB or the DynamoDB clients.
import { Entity, Service } from 'electrodb';
import { readConfig } from '../config.js';
import { documentClient } from './client.js';
import { companySchema } from './entities/companies.js';
import { signInLinkSchema, signInThrottleSchema } from './entities/sign-in.js';
import { userAccessSchema, userPreferencesSchema, userSchema } from './entities/users.js';

function bind(table: string) {
  const options = { table, client: documentClient };
  const user = new Entity(userSchema, options);
  const userAccess = new Entity(userAccessSchema, options);
  const userPreferences = new Entity(userPreferencesSchema, options);
  const users = new Service({ user, userAccess, userPreferences }, options);
  return {
    user,
    userAccess,
    userPreferences,
    users,
    company: new Entity(companySchema, options),
    signInLink: new Entity(signInLinkSchema, options),
    signInThrottle: new Entity(signInThrottleSchema, options),
  };
}

export type PortalData = ReturnType<typeof bind>;

let bound: PortalData | undefined;

export function portalData(): PortalData {
  bound ??= bind(readConfig().TABLE_NAME);
  return bound;
}
