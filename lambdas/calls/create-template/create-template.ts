// createTemplate (analysts, level 7): a new finding template in the library; answers it as stored.
import { templateLibraryAccess } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { createTemplateAs } from '../../kernel/templates/templates.js';
import { newTemplateInput, templateDoc } from '../shared/template-schemas.js';

export const createTemplate = defineSignedInCall({
  name: 'createTemplate',
  input: newTemplateInput,
  output: templateDoc,
  access: templateLibraryAccess,
  run: (input, { caller }) => createTemplateAs(caller, input),
});
