// The words of the tools' own figures (service-figures.tsx): labels, and values as a reader expects them, not as
// the metrics are keyed ("2 groups of accounts sharing one, 4 accounts in them, 2 in the largest group", not
// "reuse: accounts 4, groups 2, largestGroup 2").
const labels: Record<string, string> = {
  sites: 'Sites',
  alerts: 'Alerts',
  instances: 'Instances',
  results: 'Results',
  hosts: 'Hosts',
  live: 'Live web hosts',
  failed: 'Hosts not answering',
  certificatesExpiringWithin30Days: 'Certificates expiring within 30 days',
  hostsUp: 'Hosts up',
  hostsDown: 'Hosts down',
  openPorts: 'Open ports',
  vulnersEntries: 'Known vulnerabilities (vulners)',
  belowQod70: 'Results below quality of detection 70',
  passRate: 'Pass rate',
  pass: 'Checks passed',
  fail: 'Checks failed',
  manual: 'Checks to review by hand',
  muted: 'Muted',
  failBySeverity: 'Failed checks by severity',
  byRisk: 'Alerts by risk',
  byType: 'Results by type',
  bySource: 'Subdomains by source',
  technologies: 'Technologies',
  byStatusCode: 'Answers by status code',
  services: 'Services',
  lengthHistogram: 'Cracked passwords by length',
  groups: 'Groups',
  accounts: 'Accounts',
  regions: 'Regions',
  categories: 'Check categories',
  uniqueHashes: 'Unique hashes',
  crackedAccounts: 'Accounts cracked',
  crackedPercent: 'Cracked',
  uniqueHashesCracked: 'Unique passwords cracked',
  lmHashes: 'LM hashes',
  belowPolicyLength: 'Passwords below the policy length',
  policyMinimumLength: 'Policy minimum length',
  usernameIsPassword: 'Username is the password',
  privilegedCracked: 'Privileged accounts cracked',
  kerberoastableCracked: 'Kerberoastable accounts cracked',
  emptyPasswords: 'Blank passwords',
  reuse: 'Shared passwords',
  history: 'Password history',
  skipped: 'Lines skipped',
  potfileEntries: 'Potfile entries',
  domains: 'Domains',
};

/** The parts of a figure made of several counts, in reading order, as words: [key, one, several]. */
const countParts: Record<string, [key: string, one: string, several: string][]> = {
  reuse: [
    ['groups', 'group of accounts sharing one', 'groups of accounts sharing one'],
    ['accounts', 'account in them', 'accounts in them'],
    ['largestGroup', 'in the largest group', 'in the largest group'],
  ],
  history: [
    ['hashes', 'earlier hash', 'earlier hashes'],
    ['cracked', 'cracked', 'cracked'],
  ],
  skipped: [
    ['machineAccounts', 'machine account', 'machine accounts'],
    ['krbtgt', 'krbtgt', 'krbtgt'],
    ['otherLines', 'other line', 'other lines'],
  ],
};

const isCounts = (value: unknown): value is Record<string, number> =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'number');

/** 'a 12, b 7, c 3' for the largest entries of a count table. */
function topText(counts: Record<string, number>, limit = 8): string {
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  const shown = entries.slice(0, limit).map(([name, count]) => `${name} ${count}`);
  return entries.length > limit ? `${shown.join(', ')}, …` : shown.join(', ');
}

/** '1 × 6 characters, 2 × 10 characters': cracked passwords by length, shortest first. */
function lengthsText(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([length, count]) => `${count} × ${length} characters`)
    .join(', ');
}

/** A figure as words, or undefined when it says nothing (or is shown elsewhere). */
export function figureText(field: string, value: unknown): string | undefined {
  if (typeof value === 'number')
    return field === 'passRate' || field === 'crackedPercent' ? `${value}%` : String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return String(value.length);
  // A table with nothing in it (no groups were given) says nothing.
  if (!isCounts(value) || Object.keys(value).length === 0) return undefined;
  const parts = countParts[field];
  if (parts) {
    if (Object.values(value).every((count) => count === 0)) return 'None';
    return parts
      .map(([key, one, several]) => {
        const count = value[key] ?? 0;
        return `${count} ${count === 1 ? one : several}`;
      })
      .join(', ');
  }
  if (field === 'lengthHistogram') return lengthsText(value);
  return topText(value);
}

/** A figure's label: its words, or its key when it has none yet. */
export const figureLabel = (field: string) => labels[field] ?? field;
