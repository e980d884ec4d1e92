// The demo's curated findings, made through the same functions the calls use, as the demo analyst: on Acme's
// DAST findings the suggested templates applied (then one template changed, so its page lists findings on
// the older version), tags, a false positive, a risk accepted for 90 days, and the findings of severity low
// and above published. Runs once: a second start finds the edits and leaves them.
import { queryFindings, type StoredFinding } from '../../lambdas/kernel/data/entities/findings.js';
import { getTemplateItem } from '../../lambdas/kernel/data/entities/templates.js';
import type { EventActor } from '../../lambdas/kernel/events/events.js';
import { applyTemplateAs, updateFindingFieldAs } from '../../lambdas/kernel/findings/finding-curation.js';
import { fieldVersionOf } from '../../lambdas/kernel/findings/finding-fields.js';
import { updateTemplateFieldAs } from '../../lambdas/kernel/templates/templates.js';

const slug = 'acme';
const service = 'dast';
const day = 24 * 3600 * 1000;

export async function seedDemoCuration(analyst: EventActor): Promise<void> {
  const { items } = await queryFindings(slug, service, { descending: true, limit: 100 });
  if (items.length === 0 || items.some((finding) => Array.isArray(finding.edits) && finding.edits.length > 0)) return;
  const ref = (finding: StoredFinding) => ({ slug, service, findingId: finding.id });
  const edit = async (finding: StoredFinding, field: 'tags' | 'status' | 'published', value: unknown) => {
    await updateFindingFieldAs(analyst, {
      ...ref(finding),
      field,
      value,
      expectedVersion: fieldVersionOf(finding, field),
    });
  };
  const applied = new Set<string>();
  for (const finding of items) {
    const suggested = finding.suggestedTemplate as { templateId: string } | undefined;
    if (suggested && finding.toolSeverity !== 'info') {
      await applyTemplateAs(analyst, { ...ref(finding), templateId: suggested.templateId });
      applied.add(suggested.templateId);
    }
  }
  // Read again: applying moved the text fields' versions.
  const { items: current } = await queryFindings(slug, service, { descending: true, limit: 100 });
  const open = current.filter((finding) => finding.status === 'open');
  for (const finding of open) {
    const tags = [
      'acme-web',
      ...(['critical', 'high', 'medium'].includes(finding.severity as string) ? ['quick-win'] : []),
    ];
    await edit(finding, 'tags', tags);
    if (finding.severity !== 'info') await edit(finding, 'published', true);
  }
  const infos = open.filter((finding) => finding.severity === 'info');
  if (infos[0]) {
    await edit(infos[0], 'status', { status: 'false_positive', note: 'The header is set by the CDN in production.' });
  }
  if (infos[1]) {
    await edit(infos[1], 'status', {
      status: 'risk_accepted',
      note: 'Legacy admin site, retired next quarter.',
      expiresAt: Date.now() + 90 * day,
    });
  }
  // One template improved after it was applied: its page offers to update the findings still on version 1.
  const [changed] = [...applied];
  if (changed) {
    const template = await getTemplateItem(changed, true);
    if (template) {
      await updateTemplateFieldAs(analyst, {
        templateId: changed,
        field: 'remediation',
        value:
          `${((template.remediation as string | undefined) ?? '').trim()}\n\nAcme: apply the change in the shared reverse proxy configuration, then ask for a retest.`.trim(),
        expectedVersion: template.fieldVersions.remediation ?? 1,
      });
    }
  }
}
