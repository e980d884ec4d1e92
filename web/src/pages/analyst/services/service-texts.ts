// The words each analyst service page uses for what it imports and shows.
import type { ServiceName } from '../../../../../lambdas/kernel/access/rules';
import { formatListText } from './finding-values/finding-labels';

/** 'Import a ZAP JSON, ZAP XML or nuclei JSONL file'. */
export function importInvitation(service: ServiceName): string {
  if (service === 'password_cracking') return 'Import an NTDS file with its potfile';
  return `Import a ${formatListText(service)} file`;
}

/** What the service's assets are, for the Assets tab's empty state. */
export const assetWords: Record<ServiceName, string> = {
  projectmariana: 'subdomains, web endpoints and the hosts behind them',
  dast: 'the sites and URLs scanned',
  network: 'hosts and their open ports',
  cloud: 'cloud accounts and resources',
  password_cracking: 'the directory accounts audited',
};
