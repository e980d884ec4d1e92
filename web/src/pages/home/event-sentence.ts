// Home's events told in words: "Ana Analyst created company Acme Corp". One sentence per event type the
// server writes (lambdas/kernel/events/events.ts and its callers), built from the event's subject and its
// before/after records; an unknown type still reads, from the summary the server wrote with it.
import type { ServiceName } from '../../../../lambdas/kernel/access/rules';
import { flagLabel, serviceLabels, type CompanyFlag, companyFlagNames } from '../../components/admin/service-labels';
import type { EventRecord } from './use-events';
import { listText } from '../../components/text/list-text';

/** Something an event is about; the page makes it a link to where it lives, when the reader may go there. */
export type EventObject =
  | { kind: 'company'; slug: string; name: string }
  | { kind: 'user'; uid?: string; email: string }
  | { kind: 'service'; name: string; displayName: string };

export type SentencePart = string | EventObject;

export interface SentenceContext {
  /** The reader: their own events name them by their current display name when the event kept none. */
  self: { uid: string; displayName?: string };
  /** A company's name by slug, for events that kept only the slug. */
  companyName: (slug: string) => string | undefined;
}

export interface EventSentence {
  /** The actor: display name, else e-mail. */
  actor: string;
  /** What they did, after the actor's name. */
  parts: SentencePart[];
}

type Subject = NonNullable<EventRecord['subject']>;

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function actorOf(event: EventRecord, context: SentenceContext): string {
  return (
    text(event.createdByName)?.trim() ??
    (event.createdByUid === context.self.uid ? text(context.self.displayName)?.trim() : undefined) ??
    event.createdByEmail
  );
}

function companyObject(context: SentenceContext, slug: string, name?: string): EventObject {
  return { kind: 'company', slug, name: name ?? context.companyName(slug) ?? slug };
}

/** The subject the server wrote, or what older events (written before it had one) hold in before/after. */
function subjectOf(event: EventRecord): Subject {
  if (event.subject) return event.subject;
  const after = record(event.after);
  switch (event.type) {
    case 'companyCreated':
    case 'companyUpdated': {
      const slug = text(after.slug);
      return slug ? { company: { slug, companyName: text(after.companyName) } } : {};
    }
    case 'userInvited': {
      const email = text(after.email);
      const slug = text(after.company);
      return { ...(email ? { user: { uid: '', email } } : {}), ...(slug ? { company: { slug } } : {}) };
    }
    case 'defaultCompanyChanged': {
      const slug = text(event.after);
      return slug ? { company: { slug } } : {};
    }
    case 'platformServiceUpdated': {
      const name = text(after.name);
      return name ? { service: { name, displayName: text(after.displayName) ?? name } } : {};
    }
    default:
      return {};
  }
}

/** "DAST triggering on, Network scanning results off" from two company records. */
function companyChanges(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const changes: string[] = [];
  const flagsTurned = (on: boolean) =>
    companyFlagNames.filter(
      (flag: CompanyFlag) => (before[flag] === true) !== (after[flag] === true) && (after[flag] === true) === on,
    );
  const turnedOn = flagsTurned(true);
  const turnedOff = flagsTurned(false);
  if (turnedOn.length) changes.push(`turned on ${listText(turnedOn.map(flagLabel))}`);
  if (turnedOff.length) changes.push(`turned off ${listText(turnedOff.map(flagLabel))}`);
  return changes;
}

function serviceName(name: string): string {
  return serviceLabels[name as ServiceName] ?? name;
}

/** "level 1 → 3", "added to Globex", "services: DAST" from two access records. */
function accessChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  context: SentenceContext,
): string[] {
  const changes: string[] = [];
  if (typeof before.userType === 'string' && typeof after.userType === 'string' && before.userType !== after.userType) {
    changes.push(`user type ${before.userType} → ${after.userType}`);
  }
  if (
    typeof before.accessLevel === 'number' &&
    typeof after.accessLevel === 'number' &&
    before.accessLevel !== after.accessLevel
  ) {
    changes.push(`level ${before.accessLevel} → ${after.accessLevel}`);
  }
  const companyNames = (slugs: string[]) => listText(slugs.map((slug) => context.companyName(slug) ?? slug));
  const companiesBefore = strings(before.companies);
  const companiesAfter = strings(after.companies);
  const added = companiesAfter.filter((slug) => !companiesBefore.includes(slug));
  const removed = companiesBefore.filter((slug) => !companiesAfter.includes(slug));
  if (added.length) changes.push(`added to ${companyNames(added)}`);
  if (removed.length) changes.push(`removed from ${companyNames(removed)}`);
  for (const [field, label] of [
    ['servicesEnabled', 'services enabled'],
    ['servicesManaged', 'services managed'],
  ] as const) {
    const was = strings(before[field]);
    const now = strings(after[field]);
    if (was.length !== now.length || was.some((name) => !now.includes(name))) {
      changes.push(`${label}: ${now.length ? listText(now.map(serviceName)) : 'none'}`);
    }
  }
  return changes;
}

/** What a profile change changed, without repeating a photo address. */
function profileChanges(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const changes: string[] = [];
  if (before.displayName !== after.displayName) {
    const name = text(after.displayName);
    changes.push(name ? `display name “${name}”` : 'display name removed');
  }
  if (before.photoURL !== after.photoURL) changes.push(text(after.photoURL) ? 'new photo' : 'photo removed');
  const scheme = text(after.colorScheme);
  if (before.colorScheme !== after.colorScheme && scheme) {
    changes.push(scheme === 'auto' ? 'colour scheme follows the system' : `${scheme} mode`);
  }
  return changes;
}

function withChanges(parts: SentencePart[], changes: readonly string[]): SentencePart[] {
  return changes.length ? [...parts, `: ${changes.join('; ')}`] : parts;
}

/** "Ada added a thing" → "added a thing": the server's summaries start with the verb. */
function lowerFirst(value: string): string {
  return value.charAt(0).toLowerCase() + value.slice(1);
}

/** "somethingHappened" → "something happened", for a type without a summary. */
function words(type: string): string {
  return type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
}

function fallback(event: EventRecord): SentencePart[] {
  const summary = text(event.summary);
  return [summary ? lowerFirst(summary.trim()) : `made a change (${words(event.type) || 'unnamed'})`];
}

const supportRequests: Record<string, string> = {
  feature: 'asked support for a feature',
  question: 'asked support a question',
  bug: 'reported a bug to support',
};

export function describeEvent(event: EventRecord, context: SentenceContext): EventSentence {
  const actor = actorOf(event, context);
  const subject = subjectOf(event);
  const before = record(event.before);
  const after = record(event.after);
  const company = subject.company
    ? companyObject(context, subject.company.slug, subject.company.companyName)
    : undefined;
  const user: EventObject | undefined = subject.user
    ? { kind: 'user', uid: subject.user.uid || undefined, email: subject.user.email }
    : undefined;
  const service: EventObject | undefined = subject.service
    ? { kind: 'service', name: subject.service.name, displayName: subject.service.displayName }
    : undefined;

  const parts = ((): SentencePart[] => {
    switch (event.type) {
      case 'companyCreated':
        return company ? ['created company ', company] : fallback(event);
      case 'companyUpdated': {
        if (!company) return fallback(event);
        const oldName = text(before.companyName);
        const renamed = oldName !== undefined && oldName !== text(after.companyName);
        const changes = companyChanges(before, after);
        if (renamed) return withChanges([`renamed company ${oldName} to `, company], changes);
        return changes.length ? [`${changes.join(' and ')} for company `, company] : ['updated company ', company];
      }
      case 'userInvited': {
        if (!user) return fallback(event);
        const level = typeof after.accessLevel === 'number' ? ` at level ${after.accessLevel}` : '';
        return company ? ['invited ', user, ' to ', company, level] : ['invited ', user, level];
      }
      case 'userAccessUpdated':
        return user
          ? withChanges(['changed the access of ', user], accessChanges(before, after, context))
          : fallback(event);
      case 'companyUserUpdated': {
        if (!user) return fallback(event);
        const changes = accessChanges(before, after, context);
        return withChanges(
          company ? ['changed the access of ', user, ' in ', company] : ['changed the access of ', user],
          changes,
        );
      }
      case 'companyUserRemoved':
        if (!user) return fallback(event);
        return company ? ['removed ', user, ' from ', company] : ['removed ', user, ' from a company'];
      case 'userSignedOutEverywhere':
        return user ? ['signed ', user, ' out everywhere'] : fallback(event);
      case 'platformServiceUpdated': {
        if (!service) return fallback(event);
        if (before.offered !== after.offered && typeof after.offered === 'boolean') {
          return [after.offered ? 'started offering service ' : 'stopped offering service ', service];
        }
        return ['updated service ', service];
      }
      case 'defaultCompanyChanged':
        return company ? ['switched to company ', company] : fallback(event);
      case 'profileUpdated':
        return withChanges(['updated their profile'], profileChanges(before, after));
      case 'supportMessageSent':
        return [supportRequests[text(after.requestType) ?? ''] ?? 'sent a message to support'];
      default:
        return fallback(event);
    }
  })();
  return { actor, parts };
}

const kindLabels: Record<string, string> = {
  companyCreated: 'Company created',
  companyUpdated: 'Company changed',
  userInvited: 'User invited',
  userAccessUpdated: 'Access changed',
  companyUserUpdated: 'Access changed',
  companyUserRemoved: 'User removed',
  userSignedOutEverywhere: 'Signed out everywhere',
  platformServiceUpdated: 'Service changed',
  defaultCompanyChanged: 'Company switched',
  profileUpdated: 'Profile changed',
  supportMessageSent: 'Support message',
};

/** A short name for the kind of event ("Company created"), never the type's identifier. */
export function eventKind(type: string): string {
  const label = kindLabels[type];
  if (label) return label;
  const spaced = words(type);
  return spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : 'Other';
}

/** The sentence as plain text: for filtering, sorting and labels. */
export function sentenceText(sentence: EventSentence): string {
  const objectText = (part: EventObject) =>
    part.kind === 'company' ? part.name : part.kind === 'user' ? part.email : part.displayName;
  return `${sentence.actor} ${sentence.parts.map((part) => (typeof part === 'string' ? part : objectText(part))).join('')}`;
}
