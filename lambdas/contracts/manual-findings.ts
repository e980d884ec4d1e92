// The shapes of a finding an analyst writes by hand (`createFinding`): the same finding as an imported one once
// stored, with an identity of its own. Its asset is an asset key as imports name them (`url:https://shop.example`,
// `host:10.0.0.5`, `port:10.0.0.5:22/tcp`, `cloud-resource:aws/123456789012/eu-west-1/arn:…`,
// `account:corp\alice`), and its instances are the places a web finding was seen, as ZAP's are.
import * as z from 'zod/mini';
import { manualSource } from './finding-limits.js';
import { serviceScope, severity } from './findings.js';
import { templateId } from './templates.js';
import type { serviceName } from './scope.js';

type ServiceName = z.infer<typeof serviceName>;

export { manualSource };

/** The asset kinds each service's imports give their findings, in the order the form offers them. */
export const manualAssetKinds: Record<ServiceName, readonly string[]> = {
  dast: ['url', 'host'],
  projectmariana: ['host', 'url', 'subdomain'],
  network: ['host', 'port'],
  cloud: ['cloud-resource'],
  password_cracking: ['account'],
};

/** The services whose findings have instances (a URL with method and parameter); the others' place is the asset. */
export const servicesWithInstances: readonly ServiceName[] = ['dast', 'projectmariana'];

const instanceText = (max: number) =>
  z.optional(z.string().check(z.maxLength(max, `must be at most ${max} characters`)));

/** One place a web finding was seen, in the fields ZAP's instances have (customers read them as exports do). */
export const manualInstance = z.strictObject({
  uri: z
    .string()
    .check(
      z.minLength(1, 'is required'),
      z.maxLength(4096, 'must be at most 4096 characters'),
      z.regex(/^https?:\/\/[^\s/?#]+\S*$/, 'must be an http or https URL'),
    ),
  method: z.optional(z.string().check(z.regex(/^[A-Z]{1,16}$/, 'must be an HTTP method in capitals, such as GET'))),
  param: instanceText(4096),
  attack: instanceText(4096),
  evidence: instanceText(4096),
  otherInfo: instanceText(4096),
});
export type ManualInstance = z.infer<typeof manualInstance>;

const requiredText = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(max, `must be at most ${max} characters`));

export const createFindingInput = z.strictObject({
  ...serviceScope,
  title: requiredText(500),
  severity,
  /** An asset key of the kinds the service's imports give (manualAssetKinds). */
  asset: requiredText(1024),
  description: z.optional(z.string().check(z.maxLength(32768, 'must be at most 32768 characters'))),
  remediation: z.optional(z.string().check(z.maxLength(32768, 'must be at most 32768 characters'))),
  /** The template the texts came from: its lineage is kept, as applyTemplate keeps it. */
  templateId: z.optional(templateId),
  instances: z.optional(z.array(manualInstance).check(z.maxLength(500, 'may hold at most 500 instances'))),
});
export type CreateFindingInput = z.infer<typeof createFindingInput>;
