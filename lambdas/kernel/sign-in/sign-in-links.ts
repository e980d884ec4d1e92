// Stored sign-in links: one outstanding link per e-mail key, issued at most once per interval,
// consumed at most once by a single conditional write. Attempts with a link's token and another
// address count against the link; at the limit it is dead, so someone holding a link without knowing
// its address gets a bounded number of guesses.
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { $add, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { isConditionalCheckFailure } from '../data/conditional.js';
import { signInLinkEntity, signInTokenEntity } from '../data/entities/sign-in.js';
import { ResourceExhaustedError } from '../errors.js';
import { sameHash } from './link-token.js';

export interface IssueLinkInput {
  emailKey: string;
  uid: string | undefined;
  tokenHash: string;
  /** HMAC of the mail's one-time code (hashSignInCode); a mail without a code leaves it out. */
  codeHash?: string;
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
    ...(input.codeHash !== undefined && { codeHash: input.codeHash }),
    createdAt: input.now,
    expiresAt,
    ttl: Math.ceil(expiresAt / 1000) + 24 * 3600,
  };
}

/** The token's way back to its link; it lives as long as the link record. */
function tokenWrite(link: ReturnType<typeof linkItem>) {
  return signInTokenEntity
    .build(PutTransaction)
    .item({ tokenHash: link.tokenHash, emailKey: link.emailKey, ttl: link.ttl });
}

/**
 * Replaces any earlier link of this e-mail key (a new link makes the old one useless), unless the last
 * one was issued less than the interval ago: then nothing is written and the caller is throttled.
 */
export async function issueSignInLink(input: IssueLinkInput): Promise<void> {
  const link = linkItem(input);
  try {
    await execute(
      signInLinkEntity
        .build(PutTransaction)
        .item(link)
        .options({
          condition: {
            or: [
              { attr: 'createdAt', exists: false },
              { attr: 'createdAt', lte: input.now - input.minIntervalSeconds * 1000 },
            ],
          },
        }),
      tokenWrite(link),
    );
  } catch (error) {
    // A failed condition, or another request for the same address at the same moment: either way a
    // link was just sent.
    if ((error as { name?: string }).name === 'TransactionCanceledException') {
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
export function signInLinkWrites(input: Omit<IssueLinkInput, 'minIntervalSeconds'> & { uid: string }) {
  const link = linkItem(input);
  return [signInLinkEntity.build(PutTransaction).item(link), tokenWrite(link)] as const;
}

export interface LinkLimits {
  now: number;
  /** Attempts with another address after which the link is dead. */
  maxMisses: number;
  /** Wrong codes after which the link (and its code) is dead. */
  maxCodeMisses: number;
}

export interface ConsumeLinkInput extends LinkLimits {
  emailKey: string;
  uid: string;
  answerHash: string;
}

/**
 * What an attempt with a link's token came to: `accepted`, it signs this user in (and is used up);
 * `otherAddress`, it is the token of a link made for another address that would still take the right one
 * (the person may have mistyped theirs); `refused`, anything else (used, expired, replaced, worn out by
 * wrong addresses, made for another user, or no link's token at all).
 */
export type LinkAttempt = 'accepted' | 'otherAddress' | 'refused';

/**
 * `accepted` only for the first use of an unexpired link made for this very user, before `maxMisses`
 * attempts with another address. An answer that is not this address's link's token is counted against the
 * link it belongs to, if any.
 */
export async function consumeSignInLink(input: ConsumeLinkInput): Promise<LinkAttempt> {
  const { Item: link } = await signInLinkEntity
    .build(GetItemCommand)
    .key({ emailKey: input.emailKey })
    .options({ consistent: true })
    .send();
  if (!link || !sameHash(link.tokenHash, input.answerHash)) return recordSignInMiss(input.answerHash, input);
  if (link.usedAt !== undefined) return 'refused';
  if (!link.uid || link.uid !== input.uid) return 'refused';
  if (link.expiresAt <= input.now) return 'refused';
  if ((link.misses ?? 0) >= input.maxMisses) return 'refused';
  if ((link.codeMisses ?? 0) >= input.maxCodeMisses) return 'refused';
  try {
    // The write is the authority: two racing verifications of the same token cannot both pass it, and a
    // miss counted meanwhile is seen.
    await signInLinkEntity
      .build(UpdateItemCommand)
      .item({ emailKey: input.emailKey, usedAt: input.now, usedWith: 'link' })
      .options({ condition: { and: [{ attr: 'tokenHash', eq: link.tokenHash }, ...stillUsable(input)] } })
      .send();
    return 'accepted';
  } catch (error) {
    if (isConditionalCheckFailure(error)) return 'refused';
    throw error;
  }
}

/**
 * Counts an attempt with `answerHash` and an address its link was not made for (a typo, or a guess), and
 * says `otherAddress` only while that link could still sign its owner in: someone holding a live link can
 * already find its address in `maxMisses` guesses, by signing in; a dead link tells nobody anything. A
 * token no link holds any more (replaced, or never issued) costs one read and writes nothing.
 */
export async function recordSignInMiss(answerHash: string, limits: LinkLimits): Promise<'otherAddress' | 'refused'> {
  const { Item: token } = await signInTokenEntity
    .build(GetItemCommand)
    .key({ tokenHash: answerHash })
    .options({ consistent: true })
    .send();
  if (!token) return 'refused';
  let link;
  try {
    ({ Attributes: link } = await signInLinkEntity
      .build(UpdateItemCommand)
      .item({ emailKey: token.emailKey, misses: $add(1) })
      // Only while the link still holds this token: a newer link of the address starts afresh.
      .options({ condition: { attr: 'tokenHash', eq: answerHash }, returnValues: 'ALL_NEW' })
      .send());
  } catch (error) {
    if (isConditionalCheckFailure(error)) return 'refused';
    throw error;
  }
  const live =
    link !== undefined &&
    link.uid !== '' &&
    link.usedAt === undefined &&
    link.expiresAt > limits.now &&
    (link.misses ?? 0) < limits.maxMisses &&
    (link.codeMisses ?? 0) < limits.maxCodeMisses;
  return live ? 'otherAddress' : 'refused';
}

/** The conditions under which a link (or its code) may still be used: not used, not worn out by either count. */
function stillUsable(limits: LinkLimits): Condition<typeof signInLinkEntity>[] {
  return [
    { attr: 'usedAt', exists: false },
    {
      or: [
        { attr: 'misses', exists: false },
        { attr: 'misses', lt: limits.maxMisses },
      ],
    },
    {
      or: [
        { attr: 'codeMisses', exists: false },
        { attr: 'codeMisses', lt: limits.maxCodeMisses },
      ],
    },
  ];
}

export interface ConsumeCodeInput extends LinkLimits {
  emailKey: string;
  uid: string;
  /** The HMAC of the typed code, or undefined for an answer that cannot be a code (wrong length, letters). */
  codeHash: string | undefined;
}

/**
 * `accepted` only for the right code of this user's current, unused, unexpired mail: then the link is used up
 * too, by the same single conditional write. Any other answer while the mail is still good counts one wrong
 * code on its record (one conditional update, nothing else); the `maxCodeMisses`th ends link and code. A code
 * of an older mail is simply wrong: only the current mail's code hash is kept.
 */
export async function consumeSignInCode(input: ConsumeCodeInput): Promise<'accepted' | 'refused'> {
  const { Item: link } = await signInLinkEntity
    .build(GetItemCommand)
    .key({ emailKey: input.emailKey })
    .options({ consistent: true })
    .send();
  // No mail of this user with a code, or one that can no longer be used: nothing to count against.
  if (!link?.codeHash || !link.uid || link.uid !== input.uid) return 'refused';
  if (link.usedAt !== undefined || link.expiresAt <= input.now) return 'refused';
  if ((link.misses ?? 0) >= input.maxMisses || (link.codeMisses ?? 0) >= input.maxCodeMisses) return 'refused';
  const right = input.codeHash !== undefined && sameHash(link.codeHash, input.codeHash);
  try {
    if (!right) {
      await signInLinkEntity
        .build(UpdateItemCommand)
        .item({ emailKey: input.emailKey, codeMisses: $add(1) })
        // Only against the mail that was read: a newer one starts afresh.
        .options({
          condition: {
            and: [
              { attr: 'tokenHash', eq: link.tokenHash },
              { attr: 'usedAt', exists: false },
            ],
          },
        })
        .send();
      return 'refused';
    }
    await signInLinkEntity
      .build(UpdateItemCommand)
      .item({ emailKey: input.emailKey, usedAt: input.now, usedWith: 'code' })
      .options({
        condition: {
          and: [
            { attr: 'tokenHash', eq: link.tokenHash },
            { attr: 'codeHash', eq: link.codeHash },
            ...stillUsable(input),
          ],
        },
      })
      .send();
    return 'accepted';
  } catch (error) {
    if (isConditionalCheckFailure(error)) return 'refused';
    throw error;
  }
}

/** How long after its use a link or code may still be taken as a new token's sign-in proof. */
const proofClaimWindowMs = 5 * 60 * 1000;

/**
 * What proved the sign-in whose tokens are being issued now: the link or the code this user used moments ago,
 * claimed once (a second issuance, or a later sign-in by other means, finds it claimed), or undefined when no
 * custom-auth use waits to be claimed (a passkey sign-in).
 */
export async function claimSignInProof(input: {
  emailKey: string;
  uid: string;
  now: number;
}): Promise<'link' | 'code' | undefined> {
  try {
    const { Attributes: link } = await signInLinkEntity
      .build(UpdateItemCommand)
      .item({ emailKey: input.emailKey, proofClaimedAt: input.now })
      .options({
        condition: {
          and: [
            { attr: 'uid', eq: input.uid },
            { attr: 'usedAt', gte: input.now - proofClaimWindowMs },
            { attr: 'usedWith', exists: true },
            { attr: 'proofClaimedAt', exists: false },
          ],
        },
        returnValues: 'ALL_NEW',
      })
      .send();
    return link?.usedWith === 'code' ? 'code' : link?.usedWith === 'link' ? 'link' : undefined;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}
