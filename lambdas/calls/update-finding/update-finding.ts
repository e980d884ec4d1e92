// updateFinding: one field of a finding (auto-save), conditional on the version of that field the editor
// saw. Answers `{version}` (the field's new one); a stale version answers ABORTED with the stored
// `{field, value, version}`. Analysts of level 7, and password-cracking managers for that service.
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { updateFindingFieldAs } from '../../kernel/findings/finding-curation.js';
import { assertServiceAccess, serviceFindingsAccess } from '../../kernel/findings/service-access.js';
import type { ServiceName } from '../../kernel/access/rules.js';
import type { EditableFindingField } from '../../contracts/curation.js';
import { findingFieldEdit } from '../../contracts/curation.js';

interface FindingFieldEdit {
  slug: string;
  service: ServiceName;
  findingId: string;
  field: EditableFindingField;
  value: unknown;
  expectedVersion: number;
}

export const updateFinding = defineSignedInCall({
  name: 'updateFinding',
  input: findingFieldEdit,
  output: z.object({ version: z.number() }),
  access: serviceFindingsAccess,
  // The union's members are built from the field list, so its inferred type is the members' common shape.
  async run(input, { caller }) {
    const edit = input as unknown as FindingFieldEdit;
    assertServiceAccess(caller, edit.slug, edit.service);
    return updateFindingFieldAs(caller, edit);
  },
});
