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
