// A review step's part of a finding's update (finding-reviews.ts and settle-retests.ts build theirs here):
// the pending request set, or removed on the condition that it is still the one read, and a line added to
// the finding's remediation history.
import type { PendingReview, ReviewLogEntry } from '../data/entities/finding-reviews.js';
import type { UpdateParts } from '../findings/finding-fields.js';

/** The finding's update of a review step: the request set or removed, a line added to its history. */
export function reviewParts(
  parts: UpdateParts,
  entry: ReviewLogEntry,
  change: { set: PendingReview } | { remove: PendingReview },
): UpdateParts {
  parts.names['#review'] = 'review';
  parts.names['#reviewLog'] = 'reviewLog';
  parts.values[':logEntry'] = [entry];
  parts.values[':noLog'] = [];
  parts.sets.push('#reviewLog = list_append(if_not_exists(#reviewLog, :noLog), :logEntry)');
  if ('set' in change) {
    parts.values[':review'] = change.set;
    parts.sets.push('#review = :review');
    parts.conditions.push('attribute_not_exists(#review)');
  } else {
    parts.names['#reviewAt'] = 'at';
    parts.values[':reviewAt'] = change.remove.at;
    parts.removes.push('#review');
    parts.conditions.push('#review.#reviewAt = :reviewAt');
  }
  return parts;
}
