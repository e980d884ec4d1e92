// The shapes of a finding's evidence (an API: the web and scripts use them): images (PNG or JPEG, shown inline),
// files (up to 10 MB each, uploaded with a presigned POST as scan files are), and text or an HTTP
// request/response kept inline (up to 64 KB). Each piece has its own version; customers read only the pieces an
// analyst marked customer-visible.
import * as z from 'zod/mini';
import { findingId, serviceScope } from './findings.js';
import { secretPatterns } from './secret-masks.js';

/** The largest evidence file. */
export const maxEvidenceFileBytes = 10 * 1024 * 1024;
/** The longest evidence text, in UTF-8 bytes. */
export const maxEvidenceTextBytes = 64 * 1024;

export const evidenceKinds = ['image', 'file', 'text', 'http'] as const;
export type EvidenceKind = (typeof evidenceKinds)[number];

/** The types an evidence image may have (checked against the file's first bytes when it is added). */
export const evidenceImageTypes = ['image/png', 'image/jpeg'] as const;
/** The types an evidence file may have. */
export const evidenceFileTypes = [
  'image/png',
  'image/jpeg',
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/json',
  'application/xml',
  'application/zip',
  'application/vnd.tcpdump.pcap',
  'application/octet-stream',
] as const;

export const evidenceId = z.string().check(z.regex(/^[0-9a-f]{24}$/, 'must be an evidence id'));

const caption = z.optional(z.string().check(z.maxLength(500, 'must be at most 500 characters')));
const secretPattern = z.enum(secretPatterns, { error: `must be one of ${secretPatterns.join(', ')}` });
const expectedVersion = z.int().check(z.minimum(0, 'must be a version'));

export const createEvidenceUploadInput = z.strictObject({
  ...serviceScope,
  findingId,
  kind: z.enum(['image', 'file'], { error: 'must be image or file (text is added with addEvidence)' }),
  fileName: z
    .string()
    .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(255, 'must be at most 255 characters')),
  contentType: z.string().check(z.maxLength(100, 'must be at most 100 characters')),
  contentLength: z
    .int()
    .check(
      z.minimum(1, 'must be at least 1 byte: the file is empty'),
      z.maximum(maxEvidenceFileBytes, `must be at most ${maxEvidenceFileBytes} bytes (10 MB)`),
    ),
});

/** Adding an uploaded file (its upload's id, version 0), or a text kept inline. */
export const addEvidenceInput = z.union([
  z.strictObject({
    ...serviceScope,
    findingId,
    evidenceId,
    caption,
    customerVisible: z.boolean(),
    expectedVersion,
  }),
  z.strictObject({
    ...serviceScope,
    findingId,
    kind: z.enum(['text', 'http'], { error: 'must be text or http' }),
    text: z.string().check(z.minLength(1, 'is required')),
    caption,
    customerVisible: z.boolean(),
    /** Secrets masked before the text is stored. */
    mask: z.optional(z.array(secretPattern).check(z.maxLength(secretPatterns.length, 'names each pattern once'))),
  }),
]);

export const updateEvidenceInput = z.strictObject({
  ...serviceScope,
  findingId,
  evidenceId,
  caption,
  customerVisible: z.boolean(),
  /** Secrets masked in a stored text. */
  mask: z.optional(z.array(secretPattern).check(z.maxLength(secretPatterns.length, 'names each pattern once'))),
  expectedVersion,
});

export const removeEvidenceInput = z.strictObject({ ...serviceScope, findingId, evidenceId, expectedVersion });

/** A piece of evidence as getFinding answers it; `url` is a short-lived presigned GET of a file or an image. */
export const findingEvidence = z.object({
  evidenceId: z.string(),
  kind: z.enum(evidenceKinds),
  caption: z.optional(z.string()),
  fileName: z.optional(z.string()),
  contentType: z.optional(z.string()),
  size: z.number(),
  text: z.optional(z.string()),
  url: z.optional(z.string()),
  customerVisible: z.boolean(),
  addedAt: z.number(),
  /** Analysts only: who added it, and its version. */
  addedBy: z.optional(z.string()),
  version: z.optional(z.number()),
});
export type FindingEvidenceOutput = z.infer<typeof findingEvidence>;
