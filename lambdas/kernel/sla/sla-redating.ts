// Re-dating after a company changes its SLA policy: every open published finding with a due date gets the one the
// new days give (same clock start and pauses), in the background. The policy's write queues one piece of work per
// service on the findings' work queue (import-queue.ts; its message group is the service's, so it never runs beside
// an import or a bulk update of that service); the worker (lambdas/import) reads the service's due-date index,
// skipping findings already on the policy's version, and writes each one conditionally on what it read, so an
// analyst's edit meanwhile is never overwritten (the finding is read again and re-dated from there). Safe to
// run again: a finding on the version is skipped, and the newest policy is the one applied.
import { services, type ServiceName } from '../access/rules.js';
import { findingsDueOffVersion, getFindingItem, setFindingSla, type StoredFinding } from '../data/entities/findings.js';
import { getSlaPolicyRecord } from '../data/entities/sla-policies.js';
import { queueWork } from '../findings/import-queue.js';
import { recountServiceReport } from '../reports/service-reports.js';
import { findingSlaAfter, storedSlaFacts, type SlaPolicyUse } from './finding-sla.js';

/** The work's id: company, service and the policy version that asked for it. */
const workId = (slug: string, service: string, version: number) => `${slug}#${service}#${version}`;

/** Queues the re-dating of each of the company's services (the same version again queues nothing more). */
export async function queueSlaRedating(slug: string, version: number): Promise<void> {
  for (const service of services) {
    await queueWork({ kind: 'slaRedating', id: workId(slug, service, version) }, `${slug}#${service}`);
  }
}

const attempts = 5;

/** One finding re-dated on `policy`; read again after a concurrent change, until it holds or is off the index. */
async function redate(slug: string, service: string, read: StoredFinding, policy: SlaPolicyUse, now: number) {
  let finding: StoredFinding | undefined = read;
  for (let attempt = 0; attempt < attempts && finding; attempt += 1) {
    if (finding.dueAt === undefined || finding.slaPolicyVersion === policy.version) return;
    const after = findingSlaAfter({ slug, service, id: finding.id }, finding, storedSlaFacts(finding), policy, now);
    if (await setFindingSla(slug, service, finding, after)) return;
    finding = await getFindingItem(slug, service, finding.id, true);
  }
  if (finding) throw new Error('A finding kept changing while its due date was re-dated');
}

/** Runs one queued re-dating (a service of a company) to its end. */
export async function runSlaRedating(id: string): Promise<void> {
  const [slug, service] = id.split('#');
  if (!slug || !services.includes(service as ServiceName)) return;
  // The newest policy, whatever version queued this: a later change's work then finds nothing left to do.
  const policy = await getSlaPolicyRecord(slug);
  const now = Date.now();
  let redated = 0;
  for await (const finding of findingsDueOffVersion(slug, service!, policy.version)) {
    await redate(slug, service!, finding, policy, now);
    redated += 1;
  }
  // The report's SLA figures follow the new due dates.
  if (redated > 0) await recountServiceReport(slug, service as ServiceName);
}
