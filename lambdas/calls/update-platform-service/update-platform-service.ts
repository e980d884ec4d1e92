// updatePlatformService (level 9): a service's name, description and whether it is offered at all.
import * as z from 'zod/mini';
import { serviceName } from '../../contracts/scope.js';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { updatePlatformServiceAs } from '../../kernel/platform/platform-services.js';
import { platformService } from '../shared/schemas.js';

export const updatePlatformService = defineSignedInCall({
  name: 'updatePlatformService',
  input: z.strictObject({
    name: serviceName,
    /** 0 for a service nobody has edited yet. */
    version: z.int().check(z.minimum(0, 'must be a record version')),
    displayName: z.optional(
      z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(60, 'must be at most 60 characters')),
    ),
    description: z.optional(z.string().check(z.trim(), z.maxLength(500, 'must be at most 500 characters'))),
    offered: z.optional(z.boolean()),
  }),
  output: platformService,
  access: levelAtLeast(9),
  run: (input, { caller }) => updatePlatformServiceAs(caller, input),
});
