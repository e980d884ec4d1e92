// Limits and field names of findings that the workers need as values: kept apart from the zod schemas
// (findings.ts and curation.ts import them from here), so the import function does not bundle those schemas
// for three constants.

/** The largest scan file an import takes. */
export const maxImportFileBytes = 200 * 1024 * 1024;

/** The most findings one bulk update takes. */
export const maxBulkFindings = 1000;

/** The fields an analyst edits, each versioned on its own (curation.ts has a rule for each, no more). */
export const editableFindingFields = [
  'title',
  'description',
  'remediation',
  'severity',
  'status',
  'notes',
  'tags',
  'published',
  'cvss31',
  'cvss40',
] as const;
export type EditableFindingField = (typeof editableFindingFields)[number];

/** The source, tool and rule of a finding an analyst wrote by hand: no import ever names it. */
export const manualSource = 'manual';
