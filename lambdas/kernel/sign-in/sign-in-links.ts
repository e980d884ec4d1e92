// Stored sign-in links: one outstanding link per e-mail key, issued at most once per interval,
// consumed at most once by a single conditional write.
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { isConditionalCheckFailure } from '../data/conditional.js';
import { signInLinkEntity } from '../data/entities/sign-in.js';
import { ResourceExhaustedError } from '../errors.js';
import { sameHash } from './link-token.js';

export interface IssueLinkInput {
  emailKey: string;
  uid: string | undefined;
  tokenHash: string;
  now: number;
  lifetimeSeconds: number;
  minIntervalSeconds: number;
}

/** The stored record of a new link: the token's hash, its expiry, and a TTL a day after that. */
function linkItem(input: Omit<IssueLinkInput, 'minIntervalSeconds'>) {
  const expiresAt = input.now + input.lifetimeSeconds * 1000;
  return {
    emailKey: input.emailKey,
    uid: input.uid ?? '',
    tokenHash: input.tokenHash,
    createdAt: input.now,
    expiresAt,
    ttl: Math.ceil(expiresAt / 1000) + 24 * 3600,
  };
}

/**
 * Replaces any earlier link of this e-mail key (a new link makes the old one useless), unless the last
 * one was issued less than the interval ago: then nothing is written and the caller is throttled.
 */
export async function issueSignInLink(input: IssueLinkInput): Promise<void> {
  try {
    await signInLinkEntity
      .build(PutItemCommand)
      .item(linkItem(input))
      .options({
        condition: {
          or: [
            { attr: 'createdAt', exists: false },
            { attr: 'createdAt', lte: input.now - input.minIntervalSeconds * 1000 },
          ],
        },
      })
      .send();
  } catch (error) {
    if (isConditionalCheckFailure(error)) {
      throw new ResourceExhaustedError(
        'A sign-in link was sent to this address moments ago. Please wait a minute and try again.',
      );
    }
    throw error;
  }
}

/**
 * A link written as part of a larger transaction (an invitation): it replaces any earlier link of the
 * address without the per-address interval, which guards the public sendSignInLink only.
 */
export function signInLinkWrite(input: Omit<IssueLinkInput, 'minIntervalSeconds'> & { uid: string }) {
  return signInLinkEntity.build(PutTransaction).item(linkItem(input));
}

export interface ConsumeLinkInput {
  emailKey: string;
  uid: string;
  answerHash: string;
  now: number;
}

/** True only for the first use of an unexpired link made for this very user. Anything else is false. */
export async function consumeSignInLink(input: ConsumeLinkInput): Promise<boolean> {
  const { Item: link } = await signInLinkEntity
    .build(GetItemCommand)
    .key({ emailKey: input.emailKey })
    .options({ consistent: true })
    .send();
  if (!link || link.usedAt !== undefined) return false;
  if (!sameHash(link.tokenHash, input.answerHash)) return false;
  if (!link.uid || link.uid !== input.uid) return false;
  if (link.expiresAt <= input.now) return false;
  try {
    // The write is the authority: two racing verifications of the same token cannot both pass it.
    await signInLinkEntity
      .build(UpdateItemCommand)
      .item({ emailKey: input.emailKey, usedAt: input.now })
      .options({
        condition: {
          and: [
            { attr: 'usedAt', exists: false },
            { attr: 'tokenHash', eq: link.tokenHash },
          ],
        },
      })
      .send();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}
