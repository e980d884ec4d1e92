// The remediation loop's mails: to the analysts who may decide a customer's request (what was asked, about which
// finding of which company and service, by whom, with the customer's note), and to whoever asked when it is decided
// (the decision and the analyst's note). A finding is named by severity and title only, as the other mails name it;
// links go to the portal's pages, never carry a token.
import type { ServiceName } from '../access/rules.js';
import type { ReviewNotice } from '../data/entities/review-notices.js';
import { escapeHtml, newTabLink, type Mail } from '../mail/mailer.js';
import type { Severity } from '../scanners/finding-model.js';
import { findingLink, serviceTitles, severityWords } from './notification-mail.js';

const day = (at: number) => new Date(at).toISOString().slice(0, 10);
const trimmed = (portalUrl: string) => portalUrl.replace(/\/+$/, '');

/** The analysts' queue of every company's requests (web/src/pages/analyst/reviews). */
export const reviewQueueLink = (portalUrl: string) => `${trimmed(portalUrl)}/analyst/reviews`;

/** The service's analyst page (its own queue of the company selected), for a member who decides there. */
const servicePagePaths: Record<ServiceName, string> = {
  projectmariana: 'projectmariana',
  password_cracking: 'password-cracking',
  dast: 'dast',
  network: 'network',
  cloud: 'cloud',
};
export const servicePageLink = (portalUrl: string, service: ServiceName, findingId: string) =>
  `${trimmed(portalUrl)}/analyst/services/${servicePagePaths[service]}?finding=${encodeURIComponent(findingId)}`;

const whoAsked = (notice: ReviewNotice) => notice.requester.name ?? notice.requester.email;
const findingLine = (notice: ReviewNotice) =>
  `[${severityWords[notice.severity as Severity] ?? notice.severity}] ${notice.title}`;
const serviceTitle = (notice: ReviewNotice) => serviceTitles[notice.service as ServiceName] ?? notice.service;

function htmlMail(paragraphs: string[], link: { href: string; text: string }, footer: string): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#16191f">
${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n')}
<p><a href="${escapeHtml(link.href)}" ${newTabLink}>${escapeHtml(link.text)}</a></p>
<p style="color:#5f6b7a;font-size:12px">${footer}</p>
</body></html>`;
}

/** To an analyst (or a member who decides the service's requests): a request waits for their decision. */
export function reviewRequestMail(input: {
  to: string;
  portalUrl: string;
  productName: string;
  companyName: string;
  notice: ReviewNotice;
  /** Where they decide it: the queue across companies, or the service page. */
  decideAt: string;
}): Mail {
  const { notice } = input;
  const asked =
    notice.kind === 'retest' ? 'a retest' : `a risk acceptance until ${day(notice.until ?? notice.requestedAt)}`;
  const subject =
    notice.kind === 'retest'
      ? `Retest requested: ${notice.title} (${input.companyName}, ${serviceTitle(notice)})`
      : `Risk acceptance requested: ${notice.title} (${input.companyName}, ${serviceTitle(notice)})`;
  const lead = `${whoAsked(notice)} of ${input.companyName} asked for ${asked} of a ${serviceTitle(notice)} finding:`;
  const why = `You receive this because you may decide ${input.companyName}'s ${serviceTitle(notice)} review requests on ${input.productName}.`;
  const text = [
    lead,
    '',
    findingLine(notice),
    `Requested by: ${whoAsked(notice)} <${notice.requester.email}>`,
    `Note: ${notice.note || '(none)'}`,
    '',
    `Decide it in Review requests: ${input.decideAt}`,
    '',
    why,
  ].join('\n');
  const html = htmlMail(
    [
      escapeHtml(lead),
      `<strong>${escapeHtml(severityWords[notice.severity as Severity] ?? notice.severity)}</strong> ${escapeHtml(notice.title)}`,
      `Requested by: ${escapeHtml(whoAsked(notice))} &lt;${escapeHtml(notice.requester.email)}&gt;<br>Note: ${escapeHtml(notice.note || '(none)')}`,
    ],
    { href: input.decideAt, text: 'Decide it in Review requests' },
    escapeHtml(why),
  );
  return { to: input.to, subject, text, html };
}

/** What a decision (or a scan's answer to a retest) did, in the words the customer reads. */
function decisionWords(notice: ReviewNotice): { subject: string; lead: string } {
  const decision = notice.decision;
  const byScan = decision?.by.role === 'scan';
  const who = byScan ? 'A new scan' : 'An analyst';
  switch (decision?.event) {
    case 'confirmedFixed':
      return { subject: 'Retest: fixed', lead: `${who} confirmed the fix; the finding is now fixed.` };
    case 'stillPresent':
      return {
        subject: 'Retest: still present',
        lead: `${who} found the issue still present; the finding stays open.`,
      };
    case 'riskAccepted':
      return {
        subject: 'Risk accepted',
        lead: `An analyst accepted the risk until ${day(decision.until ?? notice.until ?? notice.requestedAt)}; the finding opens again that day.`,
      };
    default:
      return {
        subject: 'Risk acceptance declined',
        lead: 'An analyst declined the risk acceptance; the finding stays open.',
      };
  }
}

/** To whoever asked: their request was decided. */
export function reviewDecisionMail(input: {
  to: string;
  portalUrl: string;
  productName: string;
  companyName: string;
  notice: ReviewNotice;
}): Mail {
  const { notice } = input;
  const words = decisionWords(notice);
  const asked = notice.kind === 'retest' ? 'retest' : 'risk acceptance';
  const subject = `${words.subject}: ${notice.title} (${input.companyName}, ${serviceTitle(notice)})`;
  const link = findingLink(input.portalUrl, {
    service: notice.service as ServiceName,
    findingId: notice.findingId,
  });
  const analystNote = notice.decision?.note;
  const lead = `Your ${asked} request on ${input.companyName}'s ${serviceTitle(notice)} finding was decided:`;
  const why = `You receive this because you asked for this review on ${input.productName}.`;
  const text = [
    lead,
    '',
    findingLine(notice),
    words.lead,
    ...(analystNote ? [`The analyst's note: ${analystNote}`] : []),
    '',
    `The finding: ${link}`,
    '',
    why,
  ].join('\n');
  const html = htmlMail(
    [
      escapeHtml(lead),
      `<strong>${escapeHtml(severityWords[notice.severity as Severity] ?? notice.severity)}</strong> ${escapeHtml(notice.title)}`,
      escapeHtml(words.lead),
      ...(analystNote ? [`The analyst's note: ${escapeHtml(analystNote)}`] : []),
    ],
    { href: link, text: 'Open the finding' },
    escapeHtml(why),
  );
  return { to: input.to, subject, text, html };
}
