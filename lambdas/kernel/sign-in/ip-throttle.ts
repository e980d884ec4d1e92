// Per-address throttle of the public calls (sign-in links, vault links): a fixed window counter, incremented
// only while under the limit. Each caller names its own subject key, so the counters stay apart.
import { $add, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { isConditionalCheckFailure } from '../data/conditional.js';
import { signInThrottleEntity } from '../data/entities/sign-in.js';
import { ResourceExhaustedError } from '../errors.js';

export async function countSignInRequest(input: {
  subjectKey: string;
  now: number;
  limit: number;
  windowSeconds: number;
  /** What the caller is told past the limit. */
  message?: string;
}): Promise<void> {
  const windowMs = input.windowSeconds * 1000;
  const windowStart = Math.floor(input.now / windowMs) * windowMs;
  try {
    await signInThrottleEntity
      .build(UpdateItemCommand)
      .item({
        subjectKey: input.subjectKey,
        windowStart,
        count: $add(1),
        ttl: Math.ceil((windowStart + windowMs) / 1000) + 3600,
      })
      .options({
        condition: {
          or: [
            { attr: 'count', exists: false },
            { attr: 'count', lt: input.limit },
          ],
        },
      })
      .send();
  } catch (error) {
    if (isConditionalCheckFailure(error)) {
      throw new ResourceExhaustedError(
        input.message ?? 'Too many sign-in requests from your network. Please try again in a few minutes.',
      );
    }
    throw error;
  }
}
