// Which identity sends which mail (sign-in, invitation, notification), a platform setting in DynamoDB. The mailer
// reads it at most every MAIL_SETTINGS_CACHE_MS (30 s), so a change reaches the next mail of every function
// without a deploy; a kind with no sender, or no settings at all, is sent from MAIL_FROM.
import type { Caller } from '../access/caller.js';
import { readConfig } from '../config.js';
import {
  getMailSettingsRecord,
  mailKinds,
  putMailSettingsRecord,
  type MailKind,
  type MailSettingsRecord,
} from '../data/entities/mail-settings.js';
import { ConflictError, InvalidArgumentError } from '../errors.js';
import {
  createMailIdentity,
  deleteMailIdentity,
  findMailIdentity,
  listMailIdentities,
  senderVerified,
  type MailIdentity,
} from './mail-identities.js';

export type { MailKind };

let cache: { at: number; record: MailSettingsRecord } | undefined;

/** The From address of a kind of mail. A failed read falls back to MAIL_FROM rather than lose the mail. */
export async function senderFor(kind: MailKind | undefined): Promise<string> {
  const config = readConfig();
  if (!kind) return config.MAIL_FROM;
  if (!cache || Date.now() - cache.at >= config.MAIL_SETTINGS_CACHE_MS) {
    try {
      cache = { at: Date.now(), record: await getMailSettingsRecord() };
    } catch {
      return cache?.record.senders[kind] ?? config.MAIL_FROM;
    }
  }
  return cache.record.senders[kind] ?? config.MAIL_FROM;
}

/** This process saw a change: its next mail reads the settings again (others within the cache time). */
export function forgetMailSettings(): void {
  cache = undefined;
}

export interface MailSettings extends MailSettingsRecord {
  defaultFrom: string;
}

export async function readMailSettings(): Promise<MailSettings> {
  return { ...(await getMailSettingsRecord()), defaultFrom: readConfig().MAIL_FROM };
}

export async function listMailIdentitiesAndSettings(): Promise<{ identities: MailIdentity[]; settings: MailSettings }> {
  const [identities, settings] = await Promise.all([listMailIdentities(), readMailSettings()]);
  return { identities, settings };
}

export async function addMailIdentityAs(_editor: Pick<Caller, 'email'>, identity: string): Promise<MailIdentity> {
  if (await findMailIdentity(identity)) {
    throw new InvalidArgumentError(`identity: ${identity} is already a sending identity`);
  }
  return createMailIdentity(identity);
}

const senderUses = (settings: MailSettingsRecord, identity: string) =>
  mailKinds.filter((kind) => {
    const sender = settings.senders[kind];
    return sender !== undefined && (sender === identity || sender.endsWith(`@${identity}`));
  });

export async function removeMailIdentityAs(_editor: Pick<Caller, 'email'>, identity: string): Promise<void> {
  const [found, settings] = await Promise.all([findMailIdentity(identity), getMailSettingsRecord()]);
  if (!found) throw new InvalidArgumentError(`identity: unknown identity ${identity}`);
  const uses = senderUses(settings, identity);
  if (uses.length > 0) {
    throw new InvalidArgumentError(
      `identity: ${identity} sends ${uses.join(', ')} mail; choose another sender for it first`,
    );
  }
  await deleteMailIdentity(identity);
}

export interface MailSettingsInput {
  version: number;
  senders: Partial<Record<MailKind, string>>;
  providerSecretRef?: string;
}

export async function updateMailSettingsAs(
  editor: Pick<Caller, 'email'>,
  input: MailSettingsInput,
): Promise<MailSettings> {
  const senders: Partial<Record<MailKind, string>> = {};
  for (const kind of mailKinds) {
    const sender = input.senders[kind];
    if (!sender) continue;
    if (!(await senderVerified(sender))) {
      throw new InvalidArgumentError(
        `senders.${kind}: ${sender} is not under a verified sending identity (a verified domain or address)`,
      );
    }
    senders[kind] = sender;
  }
  const next: MailSettingsRecord = {
    senders,
    ...(input.providerSecretRef ? { providerSecretRef: input.providerSecretRef } : {}),
    version: input.version + 1,
    updatedAt: Date.now(),
    updatedBy: editor.email,
  };
  if (!(await putMailSettingsRecord(next, input.version))) {
    throw new ConflictError('The mail settings were changed by someone else; here are the current ones.', {
      current: await readMailSettings(),
    });
  }
  forgetMailSettings();
  return { ...next, defaultFrom: readConfig().MAIL_FROM };
}
