// updateTemplate (analysts, level 7): one field of a template, conditional on the version of that field
// the editor saw. Answers `{version}` (the field's new one); a stale version answers ABORTED with the
// stored `{value, version}`.
import * as z from 'zod/mini';
import { templateLibraryAccess } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { updateTemplateFieldAs } from '../../kernel/templates/templates.js';
import type { EditableTemplateField } from '../../kernel/templates/template-fields.js';
import { templateFieldEdit } from '../shared/template-schemas.js';

interface TemplateFieldEdit {
  templateId: string;
  field: EditableTemplateField;
  value: unknown;
  expectedVersion: number;
}

export const updateTemplate = defineSignedInCall({
  name: 'updateTemplate',
  input: templateFieldEdit,
  output: z.object({ version: z.number() }),
  access: templateLibraryAccess,
  // The union's members are built from the field list, so its inferred type is the members' common shape.
  run: (input, { caller }) => updateTemplateFieldAs(caller, input as unknown as TemplateFieldEdit),
});
