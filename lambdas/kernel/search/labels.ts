// The words the portal shows for services, user types and access levels. The web renders them and the
// lists' text search matches them, so a person finds a row by what its cells say.
import type { ServiceName } from '../access/rules.js';

export const serviceLabels: Record<ServiceName, string> = {
  projectmariana: 'ProjectMariana',
  password_cracking: 'Password cracking',
  dast: 'DAST',
  network: 'Network scanning',
  cloud: 'Cloud scanning',
};

/** A service's label; a name from an older catalogue is shown as it is. */
export function serviceLabel(name: string): string {
  return serviceLabels[name as ServiceName] ?? name;
}

const userTypeLabels: Record<string, string> = { analyst: 'Analyst', customer: 'Customer' };

export function userTypeLabel(userType: string): string {
  return userTypeLabels[userType] ?? userType;
}

export function levelLabel(level: number): string {
  return `Level ${level}`;
}
