// The finding model's words every side agrees on: the severity scale, the tools' confidences and the file
// formats an import reads. Plain values (no zod), so the parsers and the import worker take them without the
// calls' schemas; kernel/scanners/finding-model.ts builds the finding model on them.

/** The portal's scale (DefectDojo's and nuclei's). The tool's own value is kept in `severityRaw`. */
export const severities = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type Severity = (typeof severities)[number];

export const confidences = ['certain', 'firm', 'tentative'] as const;
export type Confidence = (typeof confidences)[number];

/** The scanners whose findings the import writes (a finding's `tool`; a template names their rules `<tool>:<rule id>`). */
export const scannerTools = [
  'subfinder',
  'httpx',
  'nuclei',
  'zap',
  'nmap',
  'openvas',
  'prowler',
  'password-audit',
] as const;

/** Every file format the import reads; `detectFormat` tells them apart from the content. */
export const formatIds = [
  'subfinder-jsonl',
  'httpx-jsonl',
  'nuclei-jsonl',
  'zap-json',
  'zap-xml',
  'nmap-xml',
  'openvas-xml',
  'prowler-ocsf-json',
  'prowler-csv',
  'password-audit',
] as const;
export type FormatId = (typeof formatIds)[number];
