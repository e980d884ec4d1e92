// Per-address throttle for sign-in links: a fixed window counter, incremented only while under the limit.
import { isConditionalCheckFailure } from '../data/conditional.js';
import { portalData } from '../data/portal-data.js';
import { ResourceExhaustedError } from '../errors.js';

export async function countSignInRequest(input: {
  subjectKey: string;
  now: number;
  limit: number;
  windowSeconds: number;
}): Promise<void> {
  const windowMs = input.windowSeconds * 1000;
  const windowStart = Math.floor(input.now / windowMs) * windowMs;
  try {
    await portalData()
      .signInThrottle.upsert({
        subjectKey: input.subjectKey,
        windowStart,
        ttl: Math.ceil((windowStart + windowMs) / 1000) + 3600,
      })
      .add({ count: 1 })
      .where(({ count }, { notExists, lt }) => `${notExists(count)} OR ${lt(count, input.limit)}`)
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionalCheckFailure(error)) {
      throw new ResourceExhaustedError('Too many sign-in requests from your network. Please try again in a few minutes.');
    }
    throw error;
  }
}
