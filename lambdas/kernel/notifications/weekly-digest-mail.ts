// The weekly digest mail of one company: the week's new, reopened, newly overdue, newly known-exploited and fixed
// findings, each by severity, title and service with a link to its detail in the customer report, and nothing
// else of a finding (as the notification mail: the portal stays where findings are read). It ends with a one-click
// unsubscribe link, also given as the List-Unsubscribe headers (RFC 8058).
import { escapeHtml, newTabLink, type Mail } from '../mail/mailer.js';
import { findingLink, serviceTitles, severityWords } from './notification-mail.js';
import { digestSections, type DigestFinding, type DigestSection } from './weekly-digest-changes.js';

/** At most this many findings are listed per section; the rest are counted. */
export const listedPerSection = 25;

export const sectionTitles: Record<DigestSection, string> = {
  new: 'New findings',
  reopened: 'Reopened: found again after a fix',
  overdue: 'Newly overdue',
  knownExploited: 'Newly known exploited',
  fixed: 'Fixed',
};

const subjectWords: Record<DigestSection, string> = {
  new: 'new',
  reopened: 'reopened',
  overdue: 'overdue',
  knownExploited: 'known exploited',
  fixed: 'fixed',
};

export function weeklyDigestMail(input: {
  to: string;
  portalUrl: string;
  productName: string;
  companyName: string;
  /** The ISO week, e.g. 2026-W48. */
  week: string;
  sections: Record<DigestSection, DigestFinding[]>;
  unsubscribeUrl: string;
}): Mail {
  const shown = digestSections.filter((section) => input.sections[section].length > 0);
  const counts = shown.map((section) => `${input.sections[section].length} ${subjectWords[section]}`).join(', ');
  const subject = `Weekly digest for ${input.companyName}: ${counts}`;
  const settings = `${input.portalUrl.replace(/\/+$/, '')}/profile`;
  const lead = `The week on ${input.productName} for ${input.companyName} (${input.week}):`;
  const listed = (section: DigestSection) => input.sections[section].slice(0, listedPerSection);
  const more = (section: DigestSection) => input.sections[section].length - listed(section).length;
  const why = `You receive this because you turned on the weekly digest of ${input.companyName} in your settings (${settings}).`;
  const unsubscribe = `Unsubscribe from this digest in one click: ${input.unsubscribeUrl}`;
  const line = (finding: DigestFinding) =>
    `- [${severityWords[finding.severity]}] ${finding.title} (${serviceTitles[finding.service]})\n  ${findingLink(input.portalUrl, finding)}`;
  const text = [
    lead,
    '',
    ...shown.flatMap((section) => [
      `${sectionTitles[section]} (${input.sections[section].length}):`,
      ...listed(section).map(line),
      ...(more(section) > 0 ? [`  And ${more(section)} more: see the reports in the portal.`] : []),
      '',
    ]),
    why,
    unsubscribe,
  ].join('\n');
  const item = (finding: DigestFinding) =>
    `<li><strong>${escapeHtml(severityWords[finding.severity])}</strong> <a href="${escapeHtml(findingLink(input.portalUrl, finding))}" ${newTabLink}>${escapeHtml(finding.title)}</a> (${escapeHtml(serviceTitles[finding.service])})</li>`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#16191f">
<p>${escapeHtml(lead)}</p>
${shown
  .map(
    (
      section,
    ) => `<h3 style="margin:16px 0 4px">${escapeHtml(sectionTitles[section])} (${input.sections[section].length})</h3>
<ul>
${listed(section).map(item).join('\n')}
</ul>${more(section) > 0 ? `\n<p>And ${more(section)} more: see the reports in the portal.</p>` : ''}`,
  )
  .join('\n')}
<p style="color:#5f6b7a;font-size:12px">You receive this because you turned on the weekly digest of ${escapeHtml(input.companyName)} in your <a href="${escapeHtml(settings)}" ${newTabLink}>settings</a>. <a href="${escapeHtml(input.unsubscribeUrl)}" ${newTabLink}>Unsubscribe</a> from this digest in one click.</p>
</body></html>`;
  return {
    to: input.to,
    subject,
    text,
    html,
    headers: [
      { name: 'List-Unsubscribe', value: `<${input.unsubscribeUrl}>` },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ],
  };
}
