// Which identity sends which mail (sign-in, invitation, notification), a platform setting in DynamoDB. The mailer
// reads it at most every MAIL_SETTINGS_CACHE_MS (30 s), so a change reaches the next mail of every function
// without a deploy; a kind with no sender, or no settings at all, is sent from MAIL_FROM. Every change (an identity
// added or removed, the settings saved) is recorded as an event, and every refused input; no event holds a secret.
import { readConfig } from '../config.js';
import {
  getMailSettingsRecord,
  mailKinds,
  putMailSettingsRecord,
  type MailKind,
  type MailSettingsRecord,
} from '../data/entities/mail-settings.js';
import { ConflictError, InvalidArgumentError } from '../errors.js';
import { checkedOrAudited, eventTransactItem, recordEvent, type EventActor } from '../events/events.js';
import {
  createMailIdentity,
  deleteMailIdentity,
  findMailIdentity,
  listMailIdentities,
  senderVerified,
  type MailIdentity,
} from './mail-identities.js';
import { isSecretReference } from './secret-reference.js';

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

/** Checks an editor's input; a refusal (INVALID_ARGUMENT) is recorded as an event before it is thrown. */
function checkedMailInput<T>(editor: EventActor, what: string, check: () => Promise<T>): Promise<T> {
  return checkedOrAudited(
    editor,
    (error) => ({ type: 'mailSettingsRefused', summary: `Refused ${what}: ${error.message}` }),
    check,
  );
}

export async function addMailIdentityAs(editor: EventActor, identity: string): Promise<MailIdentity> {
  await checkedMailInput(editor, `the sending identity ${identity}`, async () => {
    if (await findMailIdentity(identity)) {
      throw new InvalidArgumentError(`identity: ${identity} is already a sending identity`);
    }
  });
  const created = await createMailIdentity(identity);
  // SES holds the identity: the event is written on its own, once SES has it.
  await recordEvent(editor, {
    type: 'mailIdentityAdded',
    summary: `Added the sending ${created.type} ${identity}`,
    after: { identity, type: created.type, verificationStatus: created.verificationStatus },
  });
  return created;
}

const senderUses = (settings: MailSettingsRecord, identity: string) =>
  mailKinds.filter((kind) => {
    const sender = settings.senders[kind];
    return sender !== undefined && (sender === identity || sender.endsWith(`@${identity}`));
  });

export async function removeMailIdentityAs(editor: EventActor, identity: string): Promise<void> {
  const found = await checkedMailInput(editor, `the removal of the sending identity ${identity}`, async () => {
    const [identityFound, settings] = await Promise.all([findMailIdentity(identity), getMailSettingsRecord()]);
    if (!identityFound) throw new InvalidArgumentError(`identity: unknown identity ${identity}`);
    const uses = senderUses(settings, identity);
    if (uses.length > 0) {
      throw new InvalidArgumentError(
        `identity: ${identity} sends ${uses.join(', ')} mail; choose another sender for it first`,
      );
    }
    return identityFound;
  });
  await deleteMailIdentity(identity);
  await recordEvent(editor, {
    type: 'mailIdentityRemoved',
    summary: `Removed the sending ${found.type} ${identity}`,
    before: { identity, type: found.type, verificationStatus: found.verificationStatus },
  });
}

export interface MailSettingsInput {
  version: number;
  senders: Partial<Record<MailKind, string>>;
  providerSecretRef?: string;
}

const kindWords: Record<MailKind, string> = {
  signIn: 'sign-in',
  invitation: 'invitation',
  notification: 'notification',
};

/** The settings in a sentence: each kind's sender, and the provider's reference (a name or ARN, never a secret). */
function settingsSummary(record: MailSettingsRecord): string {
  const senders = mailKinds.map((kind) => `${kindWords[kind]} from ${record.senders[kind] ?? 'the default sender'}`);
  const provider = record.providerSecretRef ? `; the other provider's secret: ${record.providerSecretRef}` : '';
  return `Changed the mail settings: ${senders.join(', ')}${provider}`;
}

export async function updateMailSettingsAs(editor: EventActor, input: MailSettingsInput): Promise<MailSettings> {
  const senders = await checkedMailInput(editor, 'a change of the mail settings', async () => {
    // Told apart before anything else, and never repeated: a pasted secret must not reach a message or an event.
    if (input.providerSecretRef && !isSecretReference(input.providerSecretRef)) {
      throw new InvalidArgumentError(
        'providerSecretRef: must be a Secrets Manager ARN or secret name, never the secret itself',
      );
    }
    const checked: Partial<Record<MailKind, string>> = {};
    for (const kind of mailKinds) {
      const sender = input.senders[kind];
      if (!sender) continue;
      if (!(await senderVerified(sender))) {
        throw new InvalidArgumentError(
          `senders.${kind}: ${sender} is not under a verified sending identity (a verified domain or address)`,
        );
      }
      checked[kind] = sender;
    }
    return checked;
  });
  const next: MailSettingsRecord = {
    senders,
    ...(input.providerSecretRef ? { providerSecretRef: input.providerSecretRef } : {}),
    version: input.version + 1,
    updatedAt: Date.now(),
    updatedBy: editor.email,
  };
  const changed = eventTransactItem(
    editor,
    { type: 'mailSettingsChanged', summary: settingsSummary(next), after: next },
    next.updatedAt,
  );
  if (!(await putMailSettingsRecord(next, input.version, [changed]))) {
    throw new ConflictError('The mail settings were changed by someone else; here are the current ones.', {
      current: await readMailSettings(),
    });
  }
  forgetMailSettings();
  return { ...next, defaultFrom: readConfig().MAIL_FROM };
}
