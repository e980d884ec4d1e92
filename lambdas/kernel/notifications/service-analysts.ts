// The analysts a customer's comment on a finding mails. Everyone allowed to curate the service (spec 6: every
// analyst of level 7, across all companies, and the company's managers of password cracking) is too wide a
// round for one finding's talk; the ones mailed are those of them who have to do with this finding: who edited
// it (published it, changed its severity or status, wrote its texts — its edits' authors, latest first) or spoke
// in its conversation, and who may still work on the service now.
import type { CompanyRecord } from '../access/caller.js';
import type { ServiceName } from '../access/rules.js';
import type { StoredComment } from '../data/entities/finding-comments.js';
import type { StoredFinding } from '../data/entities/findings.js';
import { maxNamedByEmail, peopleOnSide, uidsOfEmails, type CommentRecipient } from './finding-people.js';

/** The e-mails of a finding's editors, the latest first. */
function editorsOf(finding: StoredFinding): string[] {
  const edits = Array.isArray(finding.edits) ? (finding.edits as { by?: unknown }[]) : [];
  const editors: string[] = [];
  for (const edit of [...edits].reverse()) {
    if (typeof edit.by === 'string' && edit.by && !editors.includes(edit.by)) editors.push(edit.by);
    if (editors.length === maxNamedByEmail) break;
  }
  return editors;
}

export async function serviceAnalystsOf(
  where: { slug: string; service: ServiceName; company: CompanyRecord | undefined },
  finding: StoredFinding,
  comments: readonly StoredComment[],
): Promise<CommentRecipient[]> {
  const speakers = comments.filter((comment) => comment.side === 'analyst').map((comment) => comment.authorUid);
  const editors = await uidsOfEmails(editorsOf(finding));
  return peopleOnSide([...speakers, ...editors], 'analyst', where);
}
