// The fields of a finding template an analyst edits, each versioned on its own (spec section 2's
// auto-save: two editors of different fields never conflict). Shared by the calls' schemas and the entity.
export const editableTemplateFields = [
  'title',
  'severity',
  'description',
  'remediation',
  'references',
  'cwe',
  'services',
  'tags',
  'rules',
  'retired',
] as const;

export type EditableTemplateField = (typeof editableTemplateFields)[number];

/** The search index's name (integrators rely on it). */
export const templateIndexName = 'finding_templates';
