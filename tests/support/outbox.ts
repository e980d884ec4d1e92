// Reads the SES emulator's outbox, as a user reads their inbox.
import { inject } from 'vitest';
import { outboxMailsTo, waitForMail, waitForSignInLink, type StoredMail } from './sign-in.js';

/** This file's start (epoch seconds): a test file reads only the mails sent since it was loaded. */
const loadedAt = Math.floor(Date.now() / 1000) - 1;

export function mailsTo(email: string): Promise<StoredMail[]> {
  return outboxMailsTo(inject('localStack').mailUrl, email, loadedAt);
}

/** Waits for a new mail to the address (one more than `countBefore`) and returns it. */
export function nextMailTo(email: string, countBefore: number, timeoutMs = 5000): Promise<StoredMail> {
  return waitForMail(inject('localStack').mailUrl, email, { since: loadedAt, countBefore, timeoutMs });
}

/** Waits for a new mail to the address (one more than `countBefore`) and returns its sign-in link. */
export function nextSignInLink(email: string, countBefore: number, timeoutMs = 5000): Promise<string> {
  return waitForSignInLink(inject('localStack').mailUrl, email, { since: loadedAt, countBefore, timeoutMs });
}

export function tokenOf(link: string): string {
  const token = new URL(link).hash.replace(/^#signin=/, '');
  if (!token) throw new Error('The link has no token');
  return token;
}

/** The one-time code of a sign-in mail, as a person reads it in the text part (and, the same, in the HTML). */
export function codeOf(mail: { body: { text?: string; html?: string } }): string {
  const code = /^ {4}(\d{8})$/m.exec(mail.body.text ?? '')?.[1];
  if (!code) throw new Error('The mail holds no sign-in code');
  if (!mail.body.html?.includes(`>${code}</p>`)) throw new Error('The HTML part does not show the same code');
  return code;
}

/** Waits for a new sign-in mail to the address (one more than `countBefore`): its link and its code. */
export async function nextSignInMail(
  email: string,
  countBefore: number,
  timeoutMs = 5000,
): Promise<{ link: string; code: string }> {
  const link = await nextSignInLink(email, countBefore, timeoutMs);
  const mail = (await mailsTo(email))[countBefore]!;
  return { link, code: codeOf(mail) };
}
