// listPlatformServices: the service catalogue; menus and reports leave out services not offered.
import * as z from 'zod/mini';
import { signedIn } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { listPlatformServices as readCatalogue } from '../../kernel/platform/platform-services.js';
import { platformService } from '../shared/schemas.js';

export const listPlatformServices = defineSignedInCall({
  name: 'listPlatformServices',
  input: z.strictObject({}),
  output: z.object({ services: z.array(platformService) }),
  access: signedIn,
  readAhead: () => readCatalogue(),
  run: async (_input, { ahead }) => ({ services: await ahead }),
});
