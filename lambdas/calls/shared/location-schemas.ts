// Schemas of the location calls: a location as an analyst writes it, and as the page reads it. The ranges are
// checked by the kernel (cidr-ranges.ts), which can say which block is wrong and why.
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { locationKinds, weekDays } from '../../kernel/data/entities/locations.js';
import { recordVersion } from './schemas.js';

export const locationId = z.string().check(z.regex(/^[A-Za-z0-9_-]{12}$/, 'must be a location id'));

const cidrText = z
  .string()
  .check(z.minLength(1, 'must not be empty'), z.maxLength(50, 'must be at most 50 characters'));
const timeOfDay = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM (00:00 to 23:59)'));
/** A host name, or a wildcard of one (*.acme.example). */
const domainName = z
  .string()
  .check(
    z.maxLength(253, 'must be at most 253 characters'),
    z.regex(
      /^(\*\.)?([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/,
      'must be a domain name such as app.acme.example or *.acme.example',
    ),
  );

export const scanWindow = z.strictObject({
  days: z
    .array(z.enum(weekDays, { error: 'must be mon, tue, wed, thu, fri, sat or sun' }))
    .check(z.minLength(1, 'must name at least one day')),
  start: timeOfDay,
  end: timeOfDay,
  timeZone: z.string().check(z.minLength(1), z.maxLength(64)),
});

export const locationFields = {
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(80, 'must be at most 80 characters')),
  kind: z.enum(locationKinds, { error: 'must be one of hosted-region, site, segment, vpc' }),
  region: z.optional(z.string().check(z.trim(), z.maxLength(40, 'must be at most 40 characters'))),
  cidrs: z._default(z.array(cidrText).check(z.maxLength(100, 'must hold at most 100 ranges')), []),
  exclusions: z._default(z.array(cidrText).check(z.maxLength(100, 'must hold at most 100 ranges')), []),
  domains: z._default(z.array(domainName).check(z.maxLength(100, 'must hold at most 100 domains')), []),
  networkLabel: z.optional(
    z.string().check(z.trim(), z.regex(/^[a-z0-9-]{0,40}$/, 'must be up to 40 lowercase letters, digits or dashes')),
  ),
  scanWindow: z.optional(scanWindow),
  isDefault: z._default(z.boolean(), false),
};

export const locationDoc = z.object({
  slug: z.string(),
  locationId: z.string(),
  name: z.string(),
  kind: z.enum(locationKinds),
  region: z.optional(z.string()),
  cidrs: z.array(z.string()),
  exclusions: z.array(z.string()),
  domains: z.array(z.string()),
  networkLabel: z.string(),
  scanWindow: z.optional(scanWindow),
  isDefault: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});

export { companySlug, recordVersion };
