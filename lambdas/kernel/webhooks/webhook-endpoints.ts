// A company's webhook endpoints: where its events go (a URL checked against request forgery), which events, in which
// format, signed by a secret shown once. Its administrators (level 3 there) and analysts of level 7 keep them;
// writes are conditional on the version the editor saw. A company keeps at most `maxWebhookEndpointsPerCompany`.
import { randomBytes } from 'node:crypto';
import { maxWebhookEndpointsPerCompany, type WebhookEventType, type WebhookFormat } from '../../contracts/webhooks.js';
import type { Caller } from '../access/caller.js';
import { canAccessCompany, menuLevels } from '../access/rules.js';
import { companyDenied } from '../companies/company-access.js';
import { readConfig } from '../config.js';
import {
  deleteEndpointItem,
  getEndpointItem,
  listEndpointItems,
  saveEndpointItem,
  type WebhookEndpoint,
} from '../data/entities/webhooks.js';
import { ConflictError, InvalidArgumentError, NotFoundError, PermissionDeniedError } from '../errors.js';
import { webhookUrlProblem, type WebhookAddressPolicy } from './webhook-address.js';
import { newWebhookSecret, sealWebhookSecret } from './webhook-secret.js';

/** How long the secret before a rotation still signs beside the new one. */
export const rotationOverlapMs = 24 * 3600 * 1000;

export interface WebhookEndpointView {
  endpointId: string;
  url: string;
  events: WebhookEventType[];
  format: WebhookFormat;
  description: string;
  enabled: boolean;
  disabledReason?: string;
  /** The old secret still signs until then (after a rotation). */
  previousSecretUntil?: number;
  failingSince?: number;
  version: number;
  createdAt: number;
  createdBy: string;
  updatedAt: number;
  updatedBy: string;
}

export interface WebhookEndpointInput {
  url: string;
  events: WebhookEventType[];
  format: WebhookFormat;
  description: string;
}

export const endpointNotFound = 'endpointId: this company has no such webhook endpoint';

export const webhookAddressPolicy = (): WebhookAddressPolicy => ({
  allowLocalHttp: readConfig().WEBHOOK_ALLOW_LOCAL_HTTP,
});

/** A company's webhooks are its administrators' (level 3 there) and the analysts' who see every company. */
export function assertWebhookCompany(caller: Caller, slug: string): void {
  if (!canAccessCompany(caller.access, slug, menuLevels.administration)) throw new PermissionDeniedError(companyDenied);
}

export function endpointView(endpoint: WebhookEndpoint, now = Date.now()): WebhookEndpointView {
  const rotating = endpoint.previousSecretUntil !== undefined && endpoint.previousSecretUntil > now;
  return {
    endpointId: endpoint.endpointId,
    url: endpoint.url,
    events: endpoint.events,
    format: endpoint.format,
    description: endpoint.description,
    enabled: endpoint.enabled,
    ...(endpoint.disabledReason ? { disabledReason: endpoint.disabledReason } : {}),
    ...(rotating ? { previousSecretUntil: endpoint.previousSecretUntil } : {}),
    ...(endpoint.failingSince !== undefined ? { failingSince: endpoint.failingSince } : {}),
    version: endpoint.version,
    createdAt: endpoint.createdAt,
    createdBy: endpoint.createdBy,
    updatedAt: endpoint.updatedAt,
    updatedBy: endpoint.updatedBy,
  };
}

function checkedFields(input: WebhookEndpointInput): WebhookEndpointInput {
  const problem = webhookUrlProblem(input.url, webhookAddressPolicy());
  if (problem) throw new InvalidArgumentError(`url: ${problem}`);
  const events = [...new Set(input.events)];
  if (events.length === 0) throw new InvalidArgumentError('events: choose at least one event');
  return { ...input, events };
}

export async function listWebhookEndpointsAs(caller: Caller, slug: string): Promise<WebhookEndpointView[]> {
  assertWebhookCompany(caller, slug);
  const now = Date.now();
  return (await listEndpointItems(slug)).map((endpoint) => endpointView(endpoint, now));
}

/** The endpoint of the company, or NOT_FOUND naming the field. */
export async function readEndpointAs(caller: Caller, slug: string, endpointId: string): Promise<WebhookEndpoint> {
  assertWebhookCompany(caller, slug);
  const endpoint = await getEndpointItem(slug, endpointId);
  if (!endpoint) throw new NotFoundError(endpointNotFound);
  return endpoint;
}

/** Creates an endpoint; its secret is answered this once and never again. */
export async function createWebhookEndpointAs(
  caller: Caller,
  slug: string,
  input: WebhookEndpointInput,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  assertWebhookCompany(caller, slug);
  const fields = checkedFields(input);
  const endpointId = randomBytes(9).toString('base64url');
  const secret = newWebhookSecret();
  const now = Date.now();
  const endpoint: WebhookEndpoint = {
    slug,
    endpointId,
    ...fields,
    enabled: true,
    secretBox: await sealWebhookSecret(secret, slug, endpointId),
    version: 1,
    createdAt: now,
    createdBy: caller.email,
    updatedAt: now,
    updatedBy: caller.email,
  };
  const refusal = await saveEndpointItem(endpoint, { maxEndpoints: maxWebhookEndpointsPerCompany });
  if (refusal === 'company') throw new NotFoundError(`slug: there is no company "${slug}"`);
  if (refusal === 'count') {
    throw new InvalidArgumentError(
      `slug: a company has at most ${maxWebhookEndpointsPerCompany} webhook endpoints; remove one first`,
    );
  }
  if (refusal) throw new ConflictError('This endpoint was written at the same moment; try again.');
  return { endpoint: endpointView(endpoint, now), secret };
}

const staleError = (current: WebhookEndpoint, expectedVersion: number) =>
  new ConflictError(
    `Someone else changed this endpoint (version ${current.version}, you edited version ${expectedVersion}); reload it and try again.`,
    { endpoint: endpointView(current) },
  );

async function writeNewVersion(
  caller: Caller,
  current: WebhookEndpoint,
  expectedVersion: number,
  changes: Partial<WebhookEndpoint>,
): Promise<WebhookEndpointView> {
  if (current.version !== expectedVersion) throw staleError(current, expectedVersion);
  const now = Date.now();
  const next: WebhookEndpoint = {
    ...current,
    ...changes,
    version: current.version + 1,
    updatedAt: now,
    updatedBy: caller.email,
  };
  const refusal = await saveEndpointItem(next, {
    expectedVersion,
    maxEndpoints: maxWebhookEndpointsPerCompany,
    wasEnabled: current.enabled,
  });
  if (refusal === 'company') throw new NotFoundError(`slug: there is no company "${current.slug}"`);
  if (refusal) {
    const stored = await getEndpointItem(current.slug, current.endpointId);
    if (!stored) throw new NotFoundError(endpointNotFound);
    throw staleError(stored, expectedVersion);
  }
  return endpointView(next, now);
}

/** A new version of the endpoint's fields; turning it on again clears why the portal turned it off. */
export async function updateWebhookEndpointAs(
  caller: Caller,
  slug: string,
  input: WebhookEndpointInput & { endpointId: string; expectedVersion: number; enabled: boolean },
): Promise<WebhookEndpointView> {
  assertWebhookCompany(caller, slug);
  const fields = checkedFields(input);
  const current = await readEndpointAs(caller, slug, input.endpointId);
  const reenabled = input.enabled && !current.enabled;
  return writeNewVersion(caller, current, input.expectedVersion, {
    ...fields,
    enabled: input.enabled,
    ...(reenabled ? { disabledReason: undefined, failingSince: undefined } : {}),
  });
}

export async function deleteWebhookEndpointAs(
  caller: Caller,
  slug: string,
  endpointId: string,
  expectedVersion: number,
): Promise<void> {
  assertWebhookCompany(caller, slug);
  if (!(await deleteEndpointItem(slug, endpointId, expectedVersion))) {
    throw new ConflictError('This endpoint changed or is gone; reload the list and try again.');
  }
  // Its delivery log is no longer listed and goes with its TTL (30 days); a delivery still waiting for an attempt is
  // never sent: its attempt finds no endpoint and marks it failed (webhook-delivery.ts).
}

/** A new secret, answered once; the one it replaces still signs for 24 hours beside it. */
export async function rotateWebhookSecretAs(
  caller: Caller,
  slug: string,
  endpointId: string,
  expectedVersion: number,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  const current = await readEndpointAs(caller, slug, endpointId);
  const secret = newWebhookSecret();
  const endpoint = await writeNewVersion(caller, current, expectedVersion, {
    secretBox: await sealWebhookSecret(secret, slug, endpointId),
    previousSecretBox: current.secretBox,
    previousSecretUntil: Date.now() + rotationOverlapMs,
  });
  return { endpoint, secret };
}
