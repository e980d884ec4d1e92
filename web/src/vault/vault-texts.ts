// What the vault pages say about a link that cannot be used, by the reason the server gives.
import { CallError } from '../api/call-client';

export const vaultTexts = {
  gone: 'This link does not exist, or it is gone.',
  opened: 'This secret was already opened. It is gone for good; ask the sender for a new link if you need it.',
  expired: 'This link has expired. Ask the sender for a new one.',
  revoked: 'The sender withdrew this link.',
  fulfilled: 'This request was already answered. Nothing more can be sent with it.',
  collected: 'This request was already answered. Nothing more can be sent with it.',
  broken:
    'This link is broken: the key in it is damaged or wrong. Nothing was opened; check that you copied the whole link.',
  busy: 'Someone opened this link at the same moment; please try again.',
  throttled: 'Too many vault requests from your network. Please try again in a few minutes.',
  failed: 'The vault could not be reached. Please try again.',
  download:
    'The file could not be downloaded, and its view is used. Ask the sender for a new link (they can see that it was opened).',
} as const;

export type VaultProblem = keyof typeof vaultTexts;

/** The reason a call failed, as one of the vault's problems. */
export function problemOf(error: unknown): VaultProblem {
  if (!(error instanceof CallError)) return 'failed';
  const reason = (error.details as { reason?: string } | undefined)?.reason;
  if (reason && reason in vaultTexts) return reason as VaultProblem;
  if (error.code === 'not-found' || error.code === 'invalid-argument') return 'gone';
  if (error.code === 'resource-exhausted') return 'throttled';
  return 'failed';
}
