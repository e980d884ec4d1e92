// Schemas of the mail identity calls (/admin/keys_email): a sending identity is a domain or an address.
import * as z from 'zod/mini';

const domainPattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const localPartPattern = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/i;

export function isDomain(value: string): boolean {
  return domainPattern.test(value);
}

export function isAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  return at > 0 && localPartPattern.test(value.slice(0, at)) && isDomain(value.slice(at + 1));
}

const lowerTrimmed = z.string().check(z.maxLength(320, 'must be at most 320 characters'), z.trim(), z.toLowerCase());

/** A domain (example.com) or an address (no-reply@example.com). */
export const mailIdentity = lowerTrimmed.check(
  z.refine((value) => isDomain(value) || isAddress(value), 'must be a domain (example.com) or an address'),
);

export const senderAddress = lowerTrimmed.check(
  z.refine((value) => isAddress(value), 'must be an address (no-reply@example.com)'),
);

/** Only bounded here: the kernel (mail-settings.ts) tells a reference from a pasted secret and records a refusal. */
export const secretReference = z.string().check(z.trim(), z.maxLength(2048, 'must be at most 2048 characters'));

export const mailIdentityDoc = z.object({
  identity: z.string(),
  type: z.enum(['domain', 'address']),
  verificationStatus: z.string(),
  verified: z.boolean(),
  dkimStatus: z.optional(z.string()),
  dkimRecords: z.array(z.object({ name: z.string(), type: z.literal('CNAME'), value: z.string() })),
});

export const mailSettingsDoc = z.object({
  senders: z.object({
    signIn: z.optional(z.string()),
    invitation: z.optional(z.string()),
    notification: z.optional(z.string()),
  }),
  defaultFrom: z.string(),
  providerSecretRef: z.optional(z.string()),
  version: z.number(),
  updatedAt: z.optional(z.number()),
  updatedBy: z.optional(z.string()),
});
