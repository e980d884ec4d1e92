// The formats each service imports, with the names people know them by. Parser-free, so the API and the
// web can name formats without bundling the parsers.
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
