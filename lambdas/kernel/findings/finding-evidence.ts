// A finding's evidence (manual or imported findings alike): each piece is one attribute of the finding's item
// (`ev_<evidenceId>`), so getFinding reads it with the finding and stays within its requests, and each has its own
// version: editors of different pieces never conflict. Files and images are uploaded as scan files are (a
// presigned POST fixing key and size, under uploads/), then checked (the size announced, an image's first bytes)
// and copied where no upload form reaches (evidence/, kept as long as the finding: no lifecycle rule removes it).
// Text and HTTP requests/responses are kept inline, up to 64 KB, with secrets masked on request before they are
// stored. Customers read only the pieces marked customer-visible, files through short-lived presigned GETs served
// as attachments (an image's with its checked type, so a page can show it).
import { randomBytes } from 'node:crypto';
import { readConfig } from '../config.js';
import { findingKey, getFindingItem, type StoredFinding } from '../data/entities/findings.js';
import { transactWithRetry, isCancelledOnCondition, type TransactItem } from '../data/transactions.js';
import { ConflictError, InvalidArgumentError, NotFoundError } from '../errors.js';
import { eventTransactItem, type EventActor } from '../events/events.js';
import type { FindingViewer } from './finding-visibility.js';
import {
  copyUpload,
  deleteUpload,
  presignDownload,
  presignGet,
  presignUpload,
  readUploadStart,
  uploadedObject,
} from './uploads.js';
import { uploadsPrefix } from './scan-imports.js';
import { maskSecrets, type SecretPattern } from '../../contracts/secret-masks.js';
import {
  evidenceFileTypes,
  evidenceImageTypes,
  maxEvidenceTextBytes,
  type EvidenceKind,
  type FindingEvidenceOutput,
} from '../../contracts/finding-evidence.js';

/** Evidence files are kept under this prefix, which no presigned POST names. */
export const evidenceFilesPrefix = 'evidence/';
/** How long a link to an evidence file works. */
export const evidenceLinkSeconds = 15 * 60;

export interface StoredEvidence {
  evidenceId: string;
  kind: EvidenceKind;
  /** 'uploading' until the file is checked and copied (addEvidence). */
  state: 'uploading' | 'ready';
  caption?: string;
  fileName?: string;
  contentType?: string;
  size: number;
  text?: string;
  objectKey?: string;
  customerVisible: boolean;
  version: number;
  addedAt: number;
  addedBy: string;
}

interface FindingScope {
  slug: string;
  service: string;
  findingId: string;
}

const evidenceAttribute = (evidenceId: string) => `ev_${evidenceId}`;
const uploadKeyOf = (scope: FindingScope, evidenceId: string) =>
  `${uploadsPrefix}${scope.slug}/${scope.service}/evidence/${scope.findingId}/${evidenceId}`;
const storedKeyOf = (scope: FindingScope, evidenceId: string) =>
  `${evidenceFilesPrefix}${scope.slug}/${scope.service}/${scope.findingId}/${evidenceId}`;
const notFound = 'findingId: there is no such finding for this company and service';
const noEvidence = 'evidenceId: the finding has no such evidence';

/** Every piece of evidence stored on a finding, oldest first. */
export function evidenceOf(finding: Record<string, unknown>): StoredEvidence[] {
  return Object.entries(finding)
    .filter(([name]) => name.startsWith('ev_'))
    .map(([, value]) => value as StoredEvidence)
    .sort((a, b) => a.addedAt - b.addedAt || a.evidenceId.localeCompare(b.evidenceId));
}

/** The finding's evidence as the viewer reads it: ready pieces only; for customers, the customer-visible ones. */
export async function evidenceOutputs(finding: StoredFinding, viewer: FindingViewer): Promise<FindingEvidenceOutput[]> {
  const shown = evidenceOf(finding).filter(
    (piece) => piece.state === 'ready' && (viewer === 'analyst' || piece.customerVisible),
  );
  return Promise.all(
    shown.map(async (piece) => {
      let url: string | undefined;
      if (piece.objectKey && piece.kind === 'image') {
        // An image's type was checked from its bytes: it may be shown, still as an attachment if opened.
        url = await presignGet(piece.objectKey, {
          expiresSeconds: evidenceLinkSeconds,
          forBrowser: true,
          query: {
            'response-content-disposition': `attachment; filename="${safeName(piece.fileName ?? 'image')}"`,
            'response-content-type': piece.contentType ?? 'application/octet-stream',
          },
        });
      } else if (piece.objectKey) {
        url = await presignDownload(piece.objectKey, {
          fileName: piece.fileName ?? 'evidence',
          expiresSeconds: evidenceLinkSeconds,
        });
      }
      return {
        evidenceId: piece.evidenceId,
        kind: piece.kind,
        ...(piece.caption ? { caption: piece.caption } : {}),
        ...(piece.fileName ? { fileName: piece.fileName } : {}),
        ...(piece.contentType ? { contentType: piece.contentType } : {}),
        size: piece.size,
        ...(piece.text !== undefined ? { text: piece.text } : {}),
        ...(url ? { url } : {}),
        customerVisible: piece.customerVisible,
        addedAt: piece.addedAt,
        ...(viewer === 'analyst' ? { addedBy: piece.addedBy, version: piece.version } : {}),
      };
    }),
  );
}

const safeName = (name: string) => name.replace(/[^\w.-]/g, '_');

/** The stored finding's evidence piece, or NOT_FOUND; a stale version is ABORTED with the stored one. */
async function readPiece(scope: FindingScope, evidenceId: string, expectedVersion: number) {
  const finding = await getFindingItem(scope.slug, scope.service, scope.findingId, true);
  if (!finding) throw new NotFoundError(notFound);
  const piece = finding[evidenceAttribute(evidenceId)] as StoredEvidence | undefined;
  if (!piece) throw new NotFoundError(noEvidence);
  if (piece.version !== expectedVersion) throw conflictOf(piece);
  return { finding, piece };
}

const conflictOf = (piece: StoredEvidence) =>
  new ConflictError('evidenceId: changed by someone else; here is the stored version.', {
    evidenceId: piece.evidenceId,
    caption: piece.caption,
    customerVisible: piece.customerVisible,
    version: piece.version,
  });

/** The Update writing a piece, conditional on the version read (or, for a new piece, on the finding existing). */
function pieceWrite(scope: FindingScope, piece: StoredEvidence, readVersion: number | undefined): TransactItem {
  return {
    Update: {
      TableName: readConfig().TABLE_NAME,
      Key: findingKey(scope.slug, scope.service, scope.findingId),
      UpdateExpression: 'SET #piece = :piece',
      ConditionExpression:
        readVersion === undefined
          ? 'attribute_exists(pk) AND attribute_not_exists(#piece)'
          : 'attribute_exists(pk) AND #piece.#version = :read',
      ExpressionAttributeNames: {
        '#piece': evidenceAttribute(piece.evidenceId),
        ...(readVersion === undefined ? {} : { '#version': 'version' }),
      },
      ExpressionAttributeValues: { ':piece': piece, ...(readVersion === undefined ? {} : { ':read': readVersion }) },
    },
  };
}

function evidenceEvent(
  actor: EventActor,
  scope: FindingScope & { title?: string },
  type: string,
  summary: string,
  after: unknown,
  at: number,
) {
  const { slug, service, findingId, title } = scope;
  return eventTransactItem(
    actor,
    {
      type,
      summary,
      subject: { company: { slug }, ...(title ? { finding: { slug, service, findingId, title } } : {}) },
      after,
    },
    at,
  );
}

const shownTitle = (finding: StoredFinding) => finding.analystTitle || String(finding.title);

/** Writes a transaction; a refused condition is ABORTED (or NOT_FOUND), an item grown past DynamoDB's limit INVALID_ARGUMENT. */
async function writePiece(items: TransactItem[], onConflict: () => Error): Promise<void> {
  try {
    await transactWithRetry(items);
  } catch (error) {
    if (isCancelledOnCondition(error)) throw onConflict();
    const text = error instanceof Error ? `${error.name} ${error.message}` : '';
    if (/size/i.test(text) && /ValidationException|ValidationError|TransactionCanceled/i.test(text)) {
      throw new InvalidArgumentError(
        'text: the finding has no room for more text evidence (400 KB in all): attach the text as a file',
      );
    }
    throw error;
  }
}

/** Refuses a type evidence may not have, naming `contentType`. */
function checkContentType(kind: 'image' | 'file', contentType: string): void {
  const allowed: readonly string[] = kind === 'image' ? evidenceImageTypes : evidenceFileTypes;
  if (!allowed.includes(contentType)) {
    throw new InvalidArgumentError(
      kind === 'image'
        ? `contentType: an image is image/png or image/jpeg, not ${contentType || 'an empty type'}`
        : `contentType: ${contentType || 'an empty type'} is not a type evidence may have (${allowed.join(', ')})`,
    );
  }
}

export async function createEvidenceUploadAs(
  actor: EventActor,
  input: FindingScope & {
    kind: 'image' | 'file';
    fileName: string;
    contentType: string;
    contentLength: number;
  },
  now = Date.now(),
): Promise<{ evidenceId: string; version: number; upload: { url: string; fields: Record<string, string> } }> {
  checkContentType(input.kind, input.contentType);
  const evidenceId = randomBytes(12).toString('hex');
  const upload = await presignUpload(uploadKeyOf(input, evidenceId), input.contentLength);
  const piece: StoredEvidence = {
    evidenceId,
    kind: input.kind,
    state: 'uploading',
    fileName: input.fileName,
    contentType: input.contentType,
    size: input.contentLength,
    customerVisible: false,
    version: 0,
    addedAt: now,
    addedBy: actor.email,
  };
  await writePiece([pieceWrite(input, piece, undefined)], () => new NotFoundError(notFound));
  return { evidenceId, version: 0, upload };
}

const isPng = (start: Buffer) =>
  start.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
const isJpeg = (start: Buffer) => start.length >= 3 && start[0] === 0xff && start[1] === 0xd8 && start[2] === 0xff;

type AddEvidence = FindingScope &
  (
    { evidenceId: string; expectedVersion: number } | { kind: 'text' | 'http'; text: string; mask?: SecretPattern[] }
  ) & {
    caption?: string;
    customerVisible: boolean;
  };

/** Adds an uploaded file (checked and copied) or a text; answers the piece's id and version. */
export async function addEvidenceAs(
  actor: EventActor,
  input: AddEvidence,
  now = Date.now(),
): Promise<{ evidenceId: string; version: number; masked?: number }> {
  const caption = input.caption?.trim() || undefined;
  if ('evidenceId' in input) {
    const { finding, piece } = await readPiece(input, input.evidenceId, input.expectedVersion);
    if (piece.state !== 'uploading') throw conflictOf(piece);
    const uploadKey = uploadKeyOf(input, piece.evidenceId);
    const object = await uploadedObject(uploadKey);
    if (!object)
      throw new InvalidArgumentError('evidenceId: the file has not been uploaded yet: upload it, then add it');
    if (object.size !== piece.size) {
      throw new InvalidArgumentError(
        `evidenceId: the file holds ${object.size} bytes, not the ${piece.size} announced: upload it again`,
      );
    }
    if (piece.kind === 'image') {
      const start = (await readUploadStart(uploadKey, 8)) ?? Buffer.alloc(0);
      const matches = piece.contentType === 'image/png' ? isPng(start) : isJpeg(start);
      if (!matches) {
        await deleteUpload(uploadKey);
        throw new InvalidArgumentError(
          `contentType: the file is not a ${piece.contentType === 'image/png' ? 'PNG' : 'JPEG'} image`,
        );
      }
    }
    const objectKey = storedKeyOf(input, piece.evidenceId);
    const copy = await copyUpload(uploadKey, objectKey, object.etag);
    if (copy === 'source changed')
      throw new ConflictError('evidenceId: the file was uploaded again meanwhile: add it again');
    const ready: StoredEvidence = {
      ...piece,
      state: 'ready',
      objectKey,
      customerVisible: input.customerVisible,
      version: piece.version + 1,
      ...(caption ? { caption } : {}),
    };
    await writePiece(
      [
        pieceWrite(input, ready, piece.version),
        evidenceEvent(
          actor,
          { ...input, title: shownTitle(finding) },
          'evidenceAdded',
          `Added ${piece.kind} evidence ${piece.fileName ?? ''}`.trim(),
          { evidenceId: piece.evidenceId, customerVisible: input.customerVisible },
          now,
        ),
      ],
      () => conflictOf(piece),
    );
    return { evidenceId: piece.evidenceId, version: ready.version };
  }
  const { text, masked } = input.mask?.length ? maskSecrets(input.text, input.mask) : { text: input.text, masked: 0 };
  const size = Buffer.byteLength(text);
  if (size > maxEvidenceTextBytes) {
    throw new InvalidArgumentError(
      `text: must be at most ${maxEvidenceTextBytes} bytes (64 KB): attach longer text as a file`,
    );
  }
  const piece: StoredEvidence = {
    evidenceId: randomBytes(12).toString('hex'),
    kind: input.kind,
    state: 'ready',
    text,
    size,
    customerVisible: input.customerVisible,
    version: 1,
    addedAt: now,
    addedBy: actor.email,
    ...(caption ? { caption } : {}),
  };
  await writePiece(
    [
      pieceWrite(input, piece, undefined),
      evidenceEvent(
        actor,
        input,
        'evidenceAdded',
        `Added ${input.kind === 'http' ? 'an HTTP exchange' : 'text'} as evidence`,
        { evidenceId: piece.evidenceId, customerVisible: input.customerVisible },
        now,
      ),
    ],
    () => new NotFoundError(notFound),
  );
  return { evidenceId: piece.evidenceId, version: 1, ...(input.mask?.length ? { masked } : {}) };
}

/** Changes a piece's caption and visibility, and masks secrets in a text; answers its version. */
export async function updateEvidenceAs(
  actor: EventActor,
  input: FindingScope & {
    evidenceId: string;
    caption?: string;
    customerVisible: boolean;
    mask?: SecretPattern[];
    expectedVersion: number;
  },
  now = Date.now(),
): Promise<{ version: number; masked?: number }> {
  const { finding, piece } = await readPiece(input, input.evidenceId, input.expectedVersion);
  if (piece.state !== 'ready') throw new InvalidArgumentError('evidenceId: the file is not added yet');
  if (input.mask?.length && piece.text === undefined) {
    throw new InvalidArgumentError('mask: only text evidence is masked');
  }
  const masking = input.mask?.length && piece.text !== undefined ? maskSecrets(piece.text, input.mask) : undefined;
  const caption = input.caption?.trim() || undefined;
  const { caption: _caption, ...rest } = piece;
  const next: StoredEvidence = {
    ...rest,
    ...(caption ? { caption } : {}),
    customerVisible: input.customerVisible,
    ...(masking ? { text: masking.text, size: Buffer.byteLength(masking.text) } : {}),
    version: piece.version + 1,
  };
  await writePiece(
    [
      pieceWrite(input, next, piece.version),
      evidenceEvent(
        actor,
        { ...input, title: shownTitle(finding) },
        'evidenceUpdated',
        'Changed evidence',
        { evidenceId: piece.evidenceId, customerVisible: input.customerVisible, masked: masking?.masked },
        now,
      ),
    ],
    () => conflictOf(piece),
  );
  return { version: next.version, ...(masking ? { masked: masking.masked } : {}) };
}

/** Removes a piece, and its file. */
export async function removeEvidenceAs(
  actor: EventActor,
  input: FindingScope & { evidenceId: string; expectedVersion: number },
  now = Date.now(),
): Promise<Record<string, never>> {
  const { finding, piece } = await readPiece(input, input.evidenceId, input.expectedVersion);
  await writePiece(
    [
      {
        Update: {
          TableName: readConfig().TABLE_NAME,
          Key: findingKey(input.slug, input.service, input.findingId),
          UpdateExpression: 'REMOVE #piece',
          ConditionExpression: 'attribute_exists(pk) AND #piece.#version = :read',
          ExpressionAttributeNames: { '#piece': evidenceAttribute(piece.evidenceId), '#version': 'version' },
          ExpressionAttributeValues: { ':read': piece.version },
        },
      },
      evidenceEvent(
        actor,
        { ...input, title: shownTitle(finding) },
        'evidenceRemoved',
        `Removed ${piece.kind} evidence`,
        { evidenceId: piece.evidenceId },
        now,
      ),
    ],
    () => conflictOf(piece),
  );
  await Promise.all([
    deleteUpload(uploadKeyOf(input, piece.evidenceId)),
    ...(piece.objectKey ? [deleteUpload(piece.objectKey)] : []),
  ]);
  return {};
}
