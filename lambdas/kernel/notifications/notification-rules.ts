// A company's notification rules: which published findings are mailed (a service the company has on,
// a lowest severity), how often (at once, or a daily digest), to whom (everyone of the company who may view the
// service, or users chosen among its members; either way only those who may view it get mail). Its
// administrators (level 3) and analysts of level 7 keep them; writes are conditional on the version the editor
// saw. A company keeps at most `maxRulesPerCompany`.
import { randomBytes } from 'node:crypto';
import type { Caller } from '../access/caller.js';
import { canAccessCompany, menuLevels, serviceFlags, type ServiceName } from '../access/rules.js';
import { companyDenied } from '../companies/company-access.js';
import { batchGetConsistent } from '../data/transactions.js';
import {
  deleteRuleItem,
  listRuleItems,
  saveRuleItem,
  type NotificationCadence,
  type NotificationRule,
  type RecipientMode,
  type RuleRefusal,
} from '../data/entities/notifications.js';
import { ConflictError, InvalidArgumentError, NotFoundError, PermissionDeniedError } from '../errors.js';
import type { Severity } from '../scanners/finding-model.js';

export const maxRulesPerCompany = 20;
export const maxChosenRecipients = 50;

export interface NotificationRuleInput {
  service: ServiceName;
  minSeverity: Severity;
  cadence: NotificationCadence;
  recipientMode: RecipientMode;
  recipients: string[];
}

const serviceWords: Record<ServiceName, string> = {
  projectmariana: 'ProjectMariana',
  password_cracking: 'Password cracking',
  dast: 'DAST',
  network: 'Network scanning',
  cloud: 'Cloud scanning',
};

/** A company's notification rules are its administrators' (level 3 there) and the analysts' who see every company. */
function assertCompany(caller: Caller, slug: string): void {
  if (!canAccessCompany(caller.access, slug, menuLevels.administration)) throw new PermissionDeniedError(companyDenied);
}

/** The chosen recipients, each a member of the company (one consistent BatchGet of their memberships). */
async function checkedRecipients(slug: string, input: NotificationRuleInput): Promise<string[]> {
  if (input.recipientMode === 'everyone') return [];
  const uids = [...new Set(input.recipients)];
  if (uids.length === 0) throw new InvalidArgumentError('recipients: choose at least one user, or everyone');
  if (uids.length > maxChosenRecipients) {
    throw new InvalidArgumentError(`recipients: at most ${maxChosenRecipients} users`);
  }
  const found = await batchGetConsistent(uids.map((uid) => ({ pk: `COMPANY#${slug}`, sk: `MEMBER#${uid}` })));
  const members = new Set(found.map((item) => String(item.sk).slice('MEMBER#'.length)));
  const stranger = input.recipients.findIndex((uid) => !members.has(uid));
  if (stranger !== -1) throw new InvalidArgumentError(`recipients.${stranger}: not a user of this company`);
  return uids;
}

function refusalError(refusal: RuleRefusal, service: ServiceName): Error {
  if (refusal === 'service') {
    return new InvalidArgumentError(`service: ${serviceWords[service]} is not on for this company`);
  }
  if (refusal === 'count') {
    return new InvalidArgumentError(
      `A company has at most ${maxRulesPerCompany} notification rules; remove one first.`,
    );
  }
  return new ConflictError('Someone else changed this rule at the same moment; reload it and try again.');
}

export async function listNotificationRulesAs(caller: Caller, slug: string): Promise<NotificationRule[]> {
  assertCompany(caller, slug);
  return listRuleItems(slug);
}

/**
 * Creates a rule (no `ruleId`) or writes a new version of one (`ruleId` and the `expectedVersion` the editor
 * saw). Nothing is written on bad input or a stale version.
 */
export async function saveNotificationRuleAs(
  caller: Caller,
  slug: string,
  input: NotificationRuleInput & { ruleId?: string; expectedVersion?: number },
): Promise<NotificationRule> {
  assertCompany(caller, slug);
  if ((input.ruleId === undefined) !== (input.expectedVersion === undefined)) {
    throw new InvalidArgumentError(
      input.ruleId === undefined
        ? 'ruleId: give the rule the version is of'
        : 'expectedVersion: give the version of the rule you edited',
    );
  }
  const recipients = await checkedRecipients(slug, input);
  const now = Date.now();
  const fields = {
    service: input.service,
    minSeverity: input.minSeverity,
    cadence: input.cadence,
    recipientMode: input.recipientMode,
    recipients,
  };
  let rule: NotificationRule;
  if (input.ruleId === undefined) {
    rule = {
      slug,
      ruleId: randomBytes(9).toString('base64url'),
      ...fields,
      version: 1,
      createdAt: now,
      createdBy: caller.email,
      updatedAt: now,
      updatedBy: caller.email,
    };
  } else {
    const current = (await listRuleItems(slug)).find((stored) => stored.ruleId === input.ruleId);
    if (!current) throw new NotFoundError('ruleId: this company has no such notification rule');
    if (current.version !== input.expectedVersion) {
      throw new ConflictError(
        `Someone else changed this rule (version ${current.version}, you edited version ${input.expectedVersion}); reload it and try again.`,
        { rule: current },
      );
    }
    rule = { ...current, ...fields, version: current.version + 1, updatedAt: now, updatedBy: caller.email };
  }
  const refusal = await saveRuleItem(rule, {
    expectedVersion: input.expectedVersion,
    serviceFlags: serviceFlags[input.service],
    maxRules: maxRulesPerCompany,
  });
  if (refusal) throw refusalError(refusal, input.service);
  return rule;
}

export async function deleteNotificationRuleAs(
  caller: Caller,
  slug: string,
  ruleId: string,
  expectedVersion: number,
): Promise<void> {
  assertCompany(caller, slug);
  if (!(await deleteRuleItem(slug, ruleId, expectedVersion))) {
    throw new ConflictError('This rule changed or is gone; reload the list and try again.');
  }
}
