// A finding's conversation, on the customer's report detail and the analyst's finding detail alike: the comments
// oldest first (listFindingComments, a page at a time), each with its author's name, side and time, and a box to
// add one (addFindingComment). Comments are plain text, shown with their line breaks; the server decides who may
// read and write, and its refusal shows here as it comes.
import { useEffect, useState } from 'react';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Textarea from '@cloudscape-design/components/textarea';
import Alert from '@cloudscape-design/components/alert';
import type { ServiceName } from '../../../../lambdas/kernel/access/rules';
import { maxCommentLength } from '../../../../lambdas/contracts/finding-comments';
import { callFunction, type CallOutput } from '../../api/call-client';
import { messageOf, problemOf } from '../forms/call-problems';
import { TimeAgo } from '../time/updated-label';
import styles from './finding-conversation.module.css';

type FindingComment = CallOutput<'listFindingComments'>['comments'][number];

const fullDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const sideLabels: Record<FindingComment['side'], string> = { analyst: 'Analyst', customer: 'Customer' };

interface Loaded {
  findingId: string;
  comments: FindingComment[];
  nextCursor?: string;
  error?: string;
}

export function FindingConversation({
  slug,
  service,
  findingId,
}: {
  slug: string;
  service: ServiceName;
  findingId: string;
}) {
  const [loaded, setLoaded] = useState<Loaded>();
  const [loadingMore, setLoadingMore] = useState(false);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string>();

  useEffect(() => {
    let current = true;
    setDraft('');
    setSendError(undefined);
    callFunction('listFindingComments', { slug, service, findingId }).then(
      (page) => current && setLoaded({ findingId, comments: page.comments, nextCursor: page.nextCursor }),
      (caught: unknown) =>
        current &&
        setLoaded({ findingId, comments: [], error: messageOf(caught, 'The conversation could not be loaded.') }),
    );
    return () => {
      current = false;
    };
  }, [slug, service, findingId]);

  const shown = loaded?.findingId === findingId ? loaded : undefined;

  /** The pages after `cursor`, appended to `comments`. */
  async function readOn(comments: FindingComment[], cursor: string | undefined, all: boolean) {
    let next = cursor;
    let read = comments;
    do {
      const page = await callFunction('listFindingComments', { slug, service, findingId, cursor: next });
      read = [...read, ...page.comments];
      next = page.nextCursor;
    } while (all && next);
    return { comments: read, nextCursor: next };
  }

  async function showMore() {
    if (!shown?.nextCursor) return;
    setLoadingMore(true);
    try {
      setLoaded({ findingId, ...(await readOn(shown.comments, shown.nextCursor, false)) });
    } catch (caught) {
      setLoaded({ ...shown, error: messageOf(caught, 'The conversation could not be loaded.') });
    } finally {
      setLoadingMore(false);
    }
  }

  async function send() {
    if (!shown) return;
    setSending(true);
    setSendError(undefined);
    try {
      const { comment } = await callFunction('addFindingComment', { slug, service, findingId, body: draft });
      // The new comment is the newest: after every page not read yet.
      const rest = shown.nextCursor ? await readOn(shown.comments, shown.nextCursor, true) : undefined;
      const comments = rest ? rest.comments : [...shown.comments, comment];
      setLoaded({
        findingId,
        comments: comments.some((each) => each.commentId === comment.commentId) ? comments : [...comments, comment],
      });
      setDraft('');
    } catch (caught) {
      const problem = problemOf(caught, ['body'], 'The comment could not be sent.');
      setSendError(problem.fieldErrors.body ?? problem.message ?? 'The comment could not be sent.');
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby={`conversation-${findingId}`}>
      <SpaceBetween size="s">
        <Box variant="h3" id={`conversation-${findingId}`}>
          Conversation
        </Box>
        {!shown ? (
          <Spinner />
        ) : (
          <>
            {shown.error ? (
              <Alert type="error" statusIconAriaLabel="Error">
                {shown.error}
              </Alert>
            ) : null}
            {shown.comments.length === 0 && !shown.error ? (
              <Box color="text-body-secondary">No comments yet. Ask a question or answer one here.</Box>
            ) : (
              <ol className={styles.comments} aria-label="Comments">
                {shown.comments.map((comment) => (
                  <li key={comment.commentId} className={styles.comment}>
                    <SpaceBetween size="xxs">
                      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                        <Box fontWeight="bold">{comment.authorName}</Box>
                        <Badge color={comment.side === 'analyst' ? 'blue' : 'grey'}>{sideLabels[comment.side]}</Badge>
                        <Box color="text-body-secondary" fontSize="body-s">
                          <TimeAgo at={comment.createdAt} /> · {fullDate.format(comment.createdAt)}
                        </Box>
                      </SpaceBetween>
                      <Box variant="p" margin="n">
                        <span className={styles.body}>{comment.body}</span>
                      </Box>
                    </SpaceBetween>
                  </li>
                ))}
              </ol>
            )}
            {shown.nextCursor ? (
              <Button onClick={() => void showMore()} loading={loadingMore}>
                Show more comments
              </Button>
            ) : null}
            <FormField
              label="Your comment"
              description="Plain text. The other side is told by e-mail."
              errorText={sendError}
              constraintText={
                draft.length > maxCommentLength * 0.9
                  ? `${draft.trim().length.toLocaleString()} of ${maxCommentLength.toLocaleString()} characters`
                  : undefined
              }
              stretch
            >
              <Textarea
                value={draft}
                rows={3}
                onChange={({ detail }) => {
                  setDraft(detail.value);
                  setSendError(undefined);
                }}
                invalid={Boolean(sendError)}
              />
            </FormField>
            <Box>
              <Button onClick={() => void send()} loading={sending} disabled={draft.trim().length === 0}>
                Comment
              </Button>
            </Box>
          </>
        )}
      </SpaceBetween>
    </section>
  );
}
