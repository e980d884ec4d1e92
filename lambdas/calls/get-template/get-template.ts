// getTemplate (analysts, level 7): one template with its field versions; NOT_FOUND for an unknown id.
import * as z from 'zod/mini';
import { templateId } from '../../contracts/templates.js';
import { templateLibraryAccess } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { getTemplate as readTemplate } from '../../kernel/templates/templates.js';
import { templateDoc } from '../shared/template-schemas.js';

export const getTemplate = defineSignedInCall({
  name: 'getTemplate',
  input: z.strictObject({ templateId }),
  output: templateDoc,
  access: templateLibraryAccess,
  readAhead: ({ templateId: id }) => readTemplate(id),
  run: (_input, { ahead }) => ahead,
});
