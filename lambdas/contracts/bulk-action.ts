// What a bulk update does to each finding of a selection: the domain's shape, which the calls' schema
// (curation.ts `bulkAction`) parses input into.
import type { Severity } from './finding-words.js';
import type { FindingStatus } from './finding-filter.js';

/** A status with the analyst's note and, for a risk acceptance, when it ends. */
export interface FindingStatusChange {
  status: FindingStatus;
  note?: string;
  expiresAt?: number;
}

export type BulkAction =
  | { kind: 'setStatus'; value: FindingStatusChange }
  | { kind: 'setSeverity'; value: Severity | null }
  | { kind: 'setPublished'; value: boolean }
  | { kind: 'addTag'; tag: string }
  | { kind: 'removeTag'; tag: string }
  | { kind: 'applyTemplate'; templateId: string };
