// Reads the SES emulator's outbox, as a user reads their inbox.
import { inject } from 'vitest';

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

/**
 * The outbox holds every mail of the run (thousands by its end); a test file reads only those sent since it was
 * loaded (the emulator's `since`, in whole seconds), so a read stays small however long the run has been.
 */
const loadedAt = Math.floor(Date.now() / 1000) - 1;

export async function mailsTo(email: string): Promise<StoredMail[]> {
  const response = await fetch(`${inject('localStack').mailUrl}/store?since=${loadedAt}`);
  const store = (await response.json()) as { emails: StoredMail[] };
  return store.emails.filter((mail) => mail.destination.to.includes(email));
}

/** Waits for a new mail to the address (one more than `countBefore`) and returns its sign-in link. */
export async function nextSignInLink(email: string, countBefore: number, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(email);
    const mail = mails[countBefore];
    if (mail) {
      const link = /https?:\/\/\S+#signin=[\w-]+/.exec(mail.body.text ?? '')?.[0];
      if (!link) throw new Error(`The mail to ${email} holds no sign-in link`);
      return link;
    }
    if (Date.now() > deadline) throw new Error(`No sign-in mail reached ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function tokenOf(link: string): string {
  const token = new URL(link).hash.replace(/^#signin=/, '');
  if (!token) throw new Error('The link has no token');
  return token;
}
