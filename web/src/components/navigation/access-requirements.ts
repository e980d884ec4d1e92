// Why a page is refused, in words: one sentence per rule of spec 6 (menuRules in the rules module),
// with the levels read from that module, so the words follow the rules. Only the rule and the
// person's own access are told, nothing about anyone else.
import {
  menuLevels,
  offered,
  thresholds,
  type AccessContext,
  type ServiceName,
} from '../../../../lambdas/kernel/access/rules';
import type { AccessGate, ShellPage } from '../../shell-pages';
import { serviceLabels } from '../admin/service-labels';
import { gatePasses, sectionOf } from './page-access';

const administrators = `administrators (access level ${thresholds.admin} and above)`;

function peopleFrom(level: number): string {
  if (level >= menuLevels.platformUsers) return `platform administrators (access level ${level})`;
  if (level === thresholds.admin) return administrators;
  return `people with access level ${level} and above`;
}

/** Who the gate lets in, to end 'This page is for …'. */
export function requirementOf(gate: AccessGate): string {
  switch (gate.rule) {
    case 'report': {
      const name = serviceLabels[gate.service];
      return (
        `people whose selected company has the ${name} service and who have access level ` +
        `${thresholds.allServicesView} and above, or level ${menuLevels.report} with ${name} enabled for them, ` +
        `and for ${administrators}`
      );
    }
    case 'reports':
      return `people whose selected company has a service they may see, and for ${administrators}`;
    case 'analystServicePage':
      return gate.service === 'password_cracking'
        ? `${peopleFrom(menuLevels.analystServicePage)}, and people who manage the Password cracking service`
        : peopleFrom(menuLevels.analystServicePage);
    case 'dastKeys':
      return `${peopleFrom(menuLevels.dastKeys)} whose selected company has DAST triggering turned on`;
    default:
      return peopleFrom(menuLevels[gate.rule]);
  }
}

function serviceOf(gate: AccessGate): ServiceName | undefined {
  if (gate.rule === 'report' || gate.rule === 'analystServicePage') return gate.service;
  return gate.rule === 'dastKeys' ? 'dast' : undefined;
}

/** Whether the gate depends on the selected company (switching company may open the page). */
export function dependsOnCompany(gate: AccessGate): boolean {
  return gate.rule === 'report' || gate.rule === 'reports' || gate.rule === 'dastKeys';
}

export interface Refusal {
  gate: AccessGate;
  /** Why, in one sentence. */
  reason: string;
}

/**
 * The rule that refuses `page` and why: the page's own gate when it fails (it is the stricter one),
 * else its section's (unless the page's own gate alone opens it). Undefined when the page opens.
 */
export function refusalOf(page: ShellPage, context: AccessContext): Refusal | undefined {
  const sectionGate = page.ownGateOnly ? undefined : sectionOf(page)?.gate;
  const gate = [page.gate, sectionGate].find((candidate) => candidate && !gatePasses(candidate, context));
  if (!gate) return undefined;
  const service = serviceOf(gate);
  if (service && !offered(context, service)) {
    return { gate, reason: `The platform does not offer ${serviceLabels[service]} at the moment.` };
  }
  return { gate, reason: `This page is for ${requirementOf(gate)}.` };
}
