// Applies the route table's gates with the shared rules of spec 6 (lambdas/kernel/access/rules.ts):
// the same answer hides a menu link and refuses its route.
import { useMemo } from 'react';
import { menuRules, type AccessContext } from '../../../../lambdas/kernel/access/rules';
import { navSections, type AccessGate, type NavSection, type ShellPage } from '../../shell-pages';
import { useSession } from '../session/session-context';

export function gatePasses(gate: AccessGate | undefined, context: AccessContext): boolean {
  if (!gate) return true;
  if (gate.rule === 'report' || gate.rule === 'analystServicePage') return menuRules[gate.rule](context, gate.service);
  return menuRules[gate.rule](context);
}

export function sectionOf(page: ShellPage): NavSection | undefined {
  return navSections.find((section) => section.id === page.section);
}

/** A page opens when its section's rule and its own rule both pass (its own alone when it says so). */
export function canOpenPage(page: ShellPage, context: AccessContext): boolean {
  return (page.ownGateOnly === true || gatePasses(sectionOf(page)?.gate, context)) && gatePasses(page.gate, context);
}

/**
 * The rules' context for the signed-in user: { access: userAccess, company: companyDoc, offeredServices }.
 * A service the platform does not offer leaves every menu and page (menuRules honour offeredServices).
 */
export function useAccessContext(): AccessContext {
  const { userAccess, companyDoc, offeredServices } = useSession();
  return useMemo(
    () => ({ access: userAccess, company: companyDoc ?? undefined, offeredServices }),
    [userAccess, companyDoc, offeredServices],
  );
}
