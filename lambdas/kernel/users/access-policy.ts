// Who may change whose access, and to what: nobody raises anyone, themselves included, above their own
// level; below level 7 nobody grants a company they do not hold; nobody edits a user whose level is above
// their own; only level 9 changes user types and managed services. In a company's administration every
// level is the one held in that company.
import type { Caller, UserAccessRecord } from '../access/caller.js';
import { hasLevel, isAnalyst, levelIn } from '../access/rules.js';
import { PermissionDeniedError } from '../errors.js';

export interface AccessChange {
  userType?: string;
  accessLevel?: number;
  companies?: readonly string[];
  servicesEnabled?: readonly string[];
  servicesManaged?: readonly string[];
}

export function assertMayChangeAccess(
  editor: Caller,
  target: Pick<UserAccessRecord, 'claims' | 'companies'> | undefined,
  change: AccessChange,
): void {
  const editorLevel = editor.access.claims.accessLevel;
  if (target && target.claims.accessLevel > editorLevel) {
    throw new PermissionDeniedError(`You cannot change a user whose access level is above yours (${editorLevel}).`);
  }
  if (change.accessLevel !== undefined && change.accessLevel > editorLevel) {
    throw new PermissionDeniedError(`accessLevel: you cannot give a level above your own (${editorLevel}).`);
  }
  if (change.companies && !hasLevel(editor.access, 7)) {
    const granted = change.companies.filter((slug) => !(target?.companies ?? []).includes(slug));
    const notHeld = granted.filter((slug) => !editor.access.companies.includes(slug));
    if (notHeld.length > 0)
      throw new PermissionDeniedError(`companies: you cannot grant a company you do not hold (${notHeld.join(', ')}).`);
  }
  if ((change.userType !== undefined || change.servicesManaged !== undefined) && !hasLevel(editor.access, 9)) {
    throw new PermissionDeniedError('Only platform administrators (level 9) change user types and managed services.');
  }
}

/**
 * A company administrator's change of one membership (invite, change, remove): the editor's level and the
 * member's are those held in this company; a provider analyst's access is the platform's to change.
 */
export function assertMayChangeMembership(
  editor: Caller,
  slug: string,
  target: UserAccessRecord | undefined,
  change: { accessLevel?: number },
): void {
  const editorLevel = levelIn(editor.access, slug);
  if (target && isAnalyst(target) && !isAnalyst(editor.access)) {
    throw new PermissionDeniedError("A provider analyst's access is changed by the platform's administrators.");
  }
  if (target && levelIn(target, slug) > editorLevel) {
    throw new PermissionDeniedError(
      `You cannot change a member whose access level here is above yours (${editorLevel}).`,
    );
  }
  if (change.accessLevel !== undefined && change.accessLevel > editorLevel) {
    throw new PermissionDeniedError(`accessLevel: you cannot give a level above your own here (${editorLevel}).`);
  }
}
