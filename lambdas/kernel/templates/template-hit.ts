// What a search hit carries of a template: the library's fields, as the search client shows them. The
// portal's own index (template-index.ts) and the mirror to a real Algolia application (template-mirror.ts)
// both hold this; kept apart from both so the worker's mirror does not load the index's search engine.
import type { StoredTemplate } from '../data/entities/templates.js';

export interface IndexedTemplate {
  templateId: string;
  title: string;
  severity: string;
  description: string;
  remediation: string;
  references: string[];
  cwe: string[];
  services: string[];
  tags: string[];
  rules: string[];
  usageCount: number;
  version: number;
  updatedAt: number;
}

/** The hit's fields of a stored template (nothing else of the record). */
export function indexedTemplate(template: StoredTemplate): IndexedTemplate {
  const t = template as unknown as IndexedTemplate;
  return {
    templateId: t.templateId,
    title: t.title,
    severity: t.severity,
    description: t.description,
    remediation: t.remediation,
    references: t.references,
    cwe: t.cwe,
    services: t.services,
    tags: t.tags,
    rules: t.rules,
    usageCount: t.usageCount,
    version: t.version,
    updatedAt: t.updatedAt,
  };
}
