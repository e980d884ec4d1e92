// The notification mail: which findings were published for the company, each by its severity and title with a
// link to its detail in the portal's report. Nothing else of a finding (no description, remediation, asset or
// evidence): a mailbox is a weaker place than the portal, so the portal stays where findings are read.
import type { ServiceName } from '../access/rules.js';
import { escapeHtml, newTabLink, type Mail } from '../mail/mailer.js';
import type { Config } from '../config.js';
import { severityRank } from '../data/entities/findings.js';
import type { Severity } from '../scanners/finding-model.js';

export interface MailedFinding {
  service: ServiceName;
  findingId: string;
  title: string;
  severity: Severity;
}

/** At most this many findings are listed in a mail; the rest are counted, with a link to the report. */
export const listedFindingsPerMail = 50;

export const serviceTitles: Record<ServiceName, string> = {
  projectmariana: 'ProjectMariana',
  password_cracking: 'Password cracking',
  dast: 'DAST',
  network: 'Network scanning',
  cloud: 'Cloud scanning',
};
export const severityWords: Record<Severity, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  info: 'Informational',
};

/** The finding's detail in the customer report (web/src/pages/reports: `?finding=<id>`). */
/** Findings as the mails list them: most severe first, then by title. */
export const mostSevereFirst = (a: { severity: Severity; title: string }, b: { severity: Severity; title: string }) =>
  severityRank[b.severity] - severityRank[a.severity] || a.title.localeCompare(b.title);

/** The portal's address the mails' links start with. */
export const portalUrlOf = (config: Pick<Config, 'PORTAL_URL' | 'ALLOWED_ORIGINS'>) =>
  config.PORTAL_URL ?? config.ALLOWED_ORIGINS[0] ?? '';

export function findingLink(portalUrl: string, finding: Pick<MailedFinding, 'service' | 'findingId'>): string {
  return `${portalUrl.replace(/\/+$/, '')}/reports/${finding.service}?finding=${encodeURIComponent(finding.findingId)}`;
}

export function notificationMail(input: {
  to: string;
  portalUrl: string;
  productName: string;
  companyName: string;
  daily: boolean;
  /** Most severe first. */
  findings: MailedFinding[];
}): Mail {
  const count = input.findings.length;
  const noun = count === 1 ? 'finding' : 'findings';
  const subject = input.daily
    ? `Daily digest: ${count} ${noun} published for ${input.companyName}`
    : `${count} ${noun} published for ${input.companyName}`;
  const listed = input.findings.slice(0, listedFindingsPerMail);
  const more = count - listed.length;
  const services = [...new Set(listed.map((finding) => finding.service))];
  const settings = `${input.portalUrl.replace(/\/+$/, '')}/admin/company/notifications`;
  const lead = input.daily
    ? `Published for ${input.companyName} on ${input.productName} since the last digest:`
    : `Just published for ${input.companyName} on ${input.productName}:`;
  const why = `You receive this because of a notification rule of ${input.companyName}; its administrators change them at ${settings}`;
  const text = [
    lead,
    '',
    ...services.flatMap((service) => [
      `${serviceTitles[service]}:`,
      ...listed
        .filter((finding) => finding.service === service)
        .map(
          (finding) =>
            `- [${severityWords[finding.severity]}] ${finding.title}\n  ${findingLink(input.portalUrl, finding)}`,
        ),
      '',
    ]),
    ...(more > 0 ? [`And ${more} more: see the reports in the portal.`, ''] : []),
    why,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#16191f">
<p>${escapeHtml(lead)}</p>
${services
  .map(
    (service) => `<h3 style="margin:16px 0 4px">${escapeHtml(serviceTitles[service])}</h3>
<ul>
${listed
  .filter((finding) => finding.service === service)
  .map(
    (finding) =>
      `<li><strong>${escapeHtml(severityWords[finding.severity])}</strong> <a href="${escapeHtml(findingLink(input.portalUrl, finding))}" ${newTabLink}>${escapeHtml(finding.title)}</a></li>`,
  )
  .join('\n')}
</ul>`,
  )
  .join('\n')}
${more > 0 ? `<p>And ${more} more: see the reports in the portal.</p>` : ''}
<p style="color:#5f6b7a;font-size:12px">You receive this because of a notification rule of ${escapeHtml(input.companyName)}; its administrators change them on the <a href="${escapeHtml(settings)}" ${newTabLink}>Notifications</a> page.</p>
</body></html>`;
  return { to: input.to, subject, text, html };
}
