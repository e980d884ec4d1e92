// The file formats each service imports, with their names. Free of parsers (types only), so the web's
// import form lists a service's formats without bringing the parsers into its bundle; parse-scan.ts
// re-exports both.
import type { FormatId, ServiceName } from './finding-model.js';

export const formatCatalogue: Record<FormatId, { label: string; services: ServiceName[] }> = {
  'subfinder-jsonl': { label: 'subfinder JSONL', services: ['projectmariana'] },
  'httpx-jsonl': { label: 'httpx JSONL', services: ['projectmariana'] },
  'nuclei-jsonl': { label: 'nuclei JSONL', services: ['projectmariana', 'dast'] },
  'zap-json': { label: 'ZAP JSON', services: ['dast'] },
  'zap-xml': { label: 'ZAP XML', services: ['dast'] },
  'nmap-xml': { label: 'Nmap XML', services: ['network'] },
  'openvas-xml': { label: 'Greenbone/OpenVAS XML', services: ['network'] },
  'prowler-ocsf-json': { label: 'Prowler OCSF JSON', services: ['cloud'] },
  'prowler-csv': { label: 'Prowler CSV', services: ['cloud'] },
  'password-audit': { label: 'a password audit (NTDS file and potfile)', services: ['password_cracking'] },
};

export function formatsOf(service: ServiceName): FormatId[] {
  return (Object.keys(formatCatalogue) as FormatId[]).filter((format) =>
    formatCatalogue[format].services.includes(service),
  );
}
