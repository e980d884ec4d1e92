// A finding's conversation: comments between the company's people and the analysts who work on the service,
// each with its author's name and side. Customers talk on a published finding of a service their report shows
// (an unpublished one is NOT_FOUND for them, as getFinding answers); analysts on any finding of a service they
// may work on (finding-visibility.ts decides both). A comment and its event are one transaction; its mail to the
// other side is queued afterwards (notifications/comment-notice.ts) and sent by the report worker.
import type { Caller } from '../access/caller.js';
import type { ServiceName } from '../access/rules.js';
import { companyDenied } from '../companies/company-access.js';
import { commentWrite, commentsPage, newCommentId, type StoredComment } from '../data/entities/finding-comments.js';
import type { StoredFinding } from '../data/entities/findings.js';
import { transactWithRetry } from '../data/transactions.js';
import { NotFoundError, PermissionDeniedError } from '../errors.js';
import { eventTransactItem } from '../events/events.js';
import { queueCommentNotice } from '../notifications/comment-notice.js';
import { plainNameOr } from '../users/display-name.js';
import { findingViewerFor, type FindingViewer } from './finding-visibility.js';
import { readFindingWith, type FindingRead } from './finding-reads.js';
import type { FindingComment } from '../../contracts/finding-comments.js';

export interface FindingRef {
  slug: string;
  service: ServiceName;
  findingId: string;
}

export type FindingAndCompany = FindingRead<{ company: true }>;

/** Comments a page of the conversation holds. */
export const commentsPerPage = 50;

const notFound = 'There is no such finding for this company and service.';

/** The finding and its company's record (the service flags a customer's access needs) in one BatchGet. */
export const readFindingAndCompany = (ref: FindingRef): Promise<FindingAndCompany> =>
  readFindingWith(ref, { company: true });

/**
 * Who the caller is in the finding's conversation, or the refusal: PERMISSION_DENIED for a company or service
 * they may not read (the same words whether it exists), NOT_FOUND for a finding they may not see.
 */
async function conversationViewer(
  caller: Caller,
  ref: FindingRef,
  read: Promise<FindingAndCompany>,
): Promise<{ viewer: FindingViewer; finding: StoredFinding }> {
  const { finding, company } = await read;
  const viewer = findingViewerFor(caller, ref.slug, ref.service, company);
  if (!viewer) throw new PermissionDeniedError(companyDenied);
  if (!finding || (viewer === 'customer' && finding.published !== true)) throw new NotFoundError(notFound);
  return { viewer, finding };
}

/** A comment as the calls answer it (the author's e-mail stays on the server). */
export const shownComment = ({ authorEmail: _email, ...comment }: StoredComment): FindingComment => comment;

export const shownFindingTitle = (finding: StoredFinding) => finding.analystTitle || String(finding.title);

/** Writes the caller's comment on the finding with its event, then queues its mail to the other side. */
export async function addCommentAs(
  caller: Caller,
  input: FindingRef & { body: string },
  read: Promise<FindingAndCompany> = readFindingAndCompany(input),
  now = Date.now(),
): Promise<FindingComment> {
  const { viewer, finding } = await conversationViewer(caller, input, read);
  const comment: StoredComment = {
    commentId: newCommentId(now),
    body: input.body,
    side: viewer,
    authorUid: caller.uid,
    authorName: plainNameOr(caller.user?.displayName?.trim(), caller.email),
    authorEmail: caller.email,
    createdAt: now,
  };
  const title = shownFindingTitle(finding);
  await transactWithRetry([
    commentWrite(input.slug, input.service, input.findingId, comment),
    eventTransactItem(
      caller,
      {
        type: 'findingCommented',
        summary: `Commented on finding ${title}`,
        subject: {
          company: { slug: input.slug },
          finding: { slug: input.slug, service: input.service, findingId: input.findingId, title },
        },
        // Not the text: the conversation keeps it, the event log says who spoke when.
        after: { commentId: comment.commentId, side: comment.side },
      },
      now,
    ),
  ]);
  await queueCommentNotice({ ...input, commentId: comment.commentId });
  return shownComment(comment);
}

/** A page of the finding's conversation, oldest first. */
export async function listCommentsAs(
  caller: Caller,
  input: FindingRef & { cursor?: string },
  read: Promise<FindingAndCompany> = readFindingAndCompany(input),
): Promise<{ comments: FindingComment[]; nextCursor?: string }> {
  await conversationViewer(caller, input, read);
  const page = await commentsPage(input.slug, input.service, input.findingId, {
    cursor: input.cursor,
    limit: commentsPerPage,
  });
  return { comments: page.comments.map(shownComment), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}
