// The shapes of a finding's conversation (kernel/findings/finding-comments.ts): comments between the company's
// people and the analysts on a published finding, each with its author's name and side, oldest first.
import * as z from 'zod/mini';

export const maxCommentLength = 10_000;

/** The two sides of a conversation: the company's people, and the analysts who work on the service. */
export const commentSides = ['customer', 'analyst'] as const;
export type CommentSide = (typeof commentSides)[number];

/** A comment's text, kept as plain text (trimmed); shown with its line breaks, never as markup. */
export const commentBody = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.maxLength(maxCommentLength, `must be at most ${maxCommentLength.toLocaleString('en')} characters`),
    z.regex(/^[^\0]*$/, 'must hold no NUL'),
  );

export const findingComment = z.object({
  commentId: z.string(),
  body: z.string(),
  side: z.enum(commentSides),
  /** The author's display name when they wrote it (their e-mail when they had no plain name). */
  authorName: z.string(),
  authorUid: z.string(),
  createdAt: z.number(),
});
export type FindingComment = z.infer<typeof findingComment>;
