// Findings written straight into the table, as an import leaves them (new, open, unpublished, one history
// entry): for tests and benches that need findings without importing a file. Free of vitest; import it only
// after the local stack has set the environment.
import { randomUUID } from 'node:crypto';
import { newFindingItem, putItems } from '../../lambdas/kernel/data/entities/findings.js';
import type { Severity } from '../../lambdas/kernel/scanners/finding-model.js';
import { findingSlaAfter, type FindingSlaFields, type SlaPolicyUse } from '../../lambdas/kernel/sla/finding-sla.js';

export interface SeedOptions {
  slug: string;
  service?: string;
  count: number;
  severity?: Severity;
  /** ZAP's rule of the findings (a pluginid). */
  ruleId?: string;
  /** The host of the findings' URLs. */
  host?: string;
  /** The ids to give them (default: random). */
  ids?: string[];
  /** Published to customers (default: not). */
  published?: boolean;
  /** Further stored fields of every finding (e.g. a pending review). */
  fields?: Record<string, unknown>;
  /**
   * Published at this time (past times give overdue or due-soon findings), with the SLA attributes the writes
   * compute (sla/finding-sla.ts, with these times as its clock), paused since `pausedSince` if given.
   */
  sla?: { publishedAt: number; policy: SlaPolicyUse; pausedSince?: number };
}

/** The SLA attributes of a finding published at `publishedAt` (and paused since `pausedSince`), as writes store them. */
export function seededSla(
  scope: { slug: string; service: string; id: string },
  severity: Severity,
  status: string,
  sla: NonNullable<SeedOptions['sla']>,
): FindingSlaFields {
  const facts = { severity, status, published: true, paused: false };
  const published = findingSlaAfter(scope, { severity, published: false }, facts, sla.policy, sla.publishedAt);
  if (sla.pausedSince === undefined) return published;
  const read = { ...published, severity, published: true };
  return findingSlaAfter(scope, read, { ...facts, paused: true }, sla.policy, sla.pausedSince);
}

/** Writes `count` findings of one company's service; answers their ids, in order. */
export async function seedFindings(options: SeedOptions): Promise<string[]> {
  const { slug, service = 'dast', count, severity = 'low', ruleId = '10021', host = 'findings.example' } = options;
  const now = Date.now();
  const ids = options.ids ?? Array.from({ length: count }, () => randomUUID().replace(/-/g, ''));
  const importId = `seed-${slug}`;
  const change = { importId, at: now, change: 'new', severity } as const;
  await putItems(
    ids.map((id, index) =>
      newFindingItem(slug, service, {
        id,
        slug,
        service,
        title: `Tool title ${index}`,
        description: 'The tool says so.',
        remediation: "The tool's fix.",
        toolSeverity: severity,
        severity,
        status: 'open',
        ruleId,
        tool: 'zap',
        assetKey: `url:https://${host}/${index}`,
        assetName: `https://${host}/${index}`,
        assetKind: 'url',
        published: options.published ?? false,
        firstSeenAt: now,
        firstImportId: importId,
        lastChange: change,
        history: [change],
        version: 1,
        ...options.fields,
        ...(options.sla
          ? {
              published: true,
              ...seededSla(
                { slug, service, id },
                (options.fields?.severity as Severity | undefined) ?? severity,
                (options.fields?.status as string | undefined) ?? 'open',
                options.sla,
              ),
            }
          : {}),
      }),
    ),
  );
  return ids;
}
