// One finding: what the analyst makes of it, edited in place (finding-curation.tsx, and its template), then
// every field the tool gave (getFinding): severity and status, the asset, first and last seen, description,
// impact and remediation, references (links only for http and https), CWE and CVE, CVSS and EPSS, evidence
// in code boxes, the instances, the identity, the asset's detail, what else the tool said, and the
// finding's history (the scans' changes and the analysts' edits); and its conversation with the company's people
// (finding-conversation.tsx). All of it is rendered as text: markup a scanner wrote (ZAP evidence holds some)
// stays inert.
import { exploitSignalsDetail } from '../finding-values/exploit-signals';
import { cvssDetail } from '../finding-values/cvss-values';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { canUseTemplateLibrary, type ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import { callFunction } from '../../../../api/call-client';
import { messageOf } from '../../../../components/forms/call-problems';
import { OpenedRowDetail } from '../../../../components/layout/detail-below-table';
import { useSession } from '../../../../components/session/session-context';
import { IdentifierList, IdentifierText } from '../../../../components/tables/cell-text';
import { TimeAgo } from '../../../../components/time/updated-label';
import { findingStatusLabels, severityLabels } from '../finding-values/finding-labels';
import { FindingInstances } from '../finding-values/finding-instances';
import { FindingHistory } from './finding-detail-tables';
import { FindingCuration } from '../curation/finding-curation';
import type { FindingDetailRecord } from './finding-detail-record';
import { FindingTemplatePanel } from './finding-template-panel';
import { FindingEvidenceEditor } from './finding-evidence-editor';
import { countText, instancesText, plural } from '../finding-values/finding-text';
import { ReferenceLink, ScannerFields, ScannerValue, SeverityBadge } from '../finding-values/scanner-values';
import { hasMarkdownText, MarkdownText } from '../../../../components/markdown/markdown-text';
import { scannerEvidence } from '../../../../../../lambdas/kernel/scanners/scanner-html';
import { FindingConversation } from '../../../../components/findings/finding-conversation';

export interface FindingDetailProps {
  slug: string;
  service: ServiceName;
  findingId: string;
  /** Move the focus to the detail once it shows (it was opened from the table). */
  focusOnOpen: boolean;
  /** Changes when the finding must be read again (a bulk update or an import ended). */
  refreshKey?: number;
  onClose: () => void;
}

type Loaded = { findingId: string; finding?: FindingDetailRecord; error?: string };

/** After a field saves, the finding is read again this much later (its history shows the edit). */
export const rereadAfterSaveMs = 1500;

export function FindingDetail({ slug, service, findingId, focusOnOpen, refreshKey, onClose }: FindingDetailProps) {
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const [reads, setReads] = useState(0);
  const rereadTimer = useRef<number | undefined>(undefined);
  const onSaved = useCallback(() => {
    window.clearTimeout(rereadTimer.current);
    rereadTimer.current = window.setTimeout(() => setReads((count) => count + 1), rereadAfterSaveMs);
  }, []);
  useEffect(() => () => window.clearTimeout(rereadTimer.current), []);
  useEffect(() => {
    let current = true;
    callFunction('getFinding', { slug, service, findingId }).then(
      (finding) =>
        current &&
        setLoaded(
          finding.view === 'analyst'
            ? { findingId, finding }
            : { findingId, error: 'This page shows the analysts’ view; the report page shows yours.' },
        ),
      (caught: unknown) =>
        current && setLoaded({ findingId, error: messageOf(caught, 'The finding could not be loaded.') }),
    );
    return () => {
      current = false;
    };
  }, [slug, service, findingId, refreshKey, reads]);
  const shown = loaded?.findingId === findingId ? loaded : undefined;

  const finding = shown?.finding;
  return (
    <OpenedRowDetail
      label="Finding detail"
      heading="Finding"
      loadingText="Loading the finding"
      focusOnOpen={focusOnOpen}
      onClose={onClose}
      shown={shown}
      error={shown?.error}
      view={
        finding
          ? (close) => (
              <FindingView
                slug={slug}
                service={service}
                finding={finding}
                close={close}
                onApplied={() => setReads((count) => count + 1)}
                onSaved={onSaved}
              />
            )
          : undefined
      }
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <SpaceBetween size="xs">
        <Header variant="h3">{title}</Header>
        {children}
      </SpaceBetween>
    </section>
  );
}

function cvssText(cvss: FindingDetailRecord['cvss']): string | undefined {
  if (!cvss) return undefined;
  const parts = [
    cvss.score !== undefined ? String(cvss.score) : undefined,
    cvss.version ? `CVSS ${cvss.version}` : undefined,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

function epssText(epss: FindingDetailRecord['epss']): string | undefined {
  if (!epss) return undefined;
  const parts = [
    epss.score !== undefined ? `score ${epss.score}` : undefined,
    epss.percentile !== undefined ? `percentile ${epss.percentile}` : undefined,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

interface FindingViewProps {
  slug: string;
  service: ServiceName;
  finding: FindingDetailRecord;
  close: ReactNode;
  /** A template was applied: the finding is read again. */
  onApplied: () => void;
  /** A field was saved. */
  onSaved: () => void;
}

function FindingView({ slug, service, finding, close, onApplied, onSaved }: FindingViewProps) {
  const { userAccess } = useSession();
  const severityNote =
    finding.analystSeverity && finding.analystSeverity !== finding.toolSeverity
      ? `set by an analyst; the tool said ${severityLabels[finding.toolSeverity]} (${finding.severityRaw})`
      : `the tool said ${finding.severityRaw}`;
  const overview = [
    {
      label: 'Severity',
      value: (
        <SpaceBetween size="xxs" direction="horizontal" alignItems="center">
          <SeverityBadge severity={finding.severity} />
          <Box variant="small">{severityNote}</Box>
        </SpaceBetween>
      ),
    },
    { label: 'Status', value: findingStatusLabels[finding.status] },
    { label: 'Asset', value: <ScannerValue value={finding.asset.name} /> },
    { label: 'Tool', value: <ScannerValue value={finding.tool} /> },
    { label: 'Rule', value: <IdentifierText value={finding.ruleId} /> },
    ...(finding.confidence ? [{ label: 'Confidence', value: <ScannerValue value={finding.confidence} /> }] : []),
    { label: 'First seen', value: <TimeAgo at={finding.firstSeenAt} /> },
    { label: 'Last seen', value: <TimeAgo at={finding.lastSeenAt} /> },
    ...(finding.foundAt ? [{ label: 'Found at (tool time)', value: <ScannerValue value={finding.foundAt} /> }] : []),
    { label: 'Instances', value: instancesText(finding) },
    { label: 'CVE', value: <IdentifierList values={finding.cve} empty="None" /> },
    { label: 'CWE', value: <IdentifierList values={finding.cwe} empty="None" /> },
    ...cvssDetail(finding),
    // What the tool itself wrote (its own score; a vector of another version, such as 3.0 or 2.0, shows only here).
    ...(cvssText(finding.cvss) ? [{ label: "The tool's CVSS", value: cvssText(finding.cvss) }] : []),
    ...(finding.cvss?.vector
      ? [{ label: "The tool's CVSS vector", value: <IdentifierText value={finding.cvss.vector} /> }]
      : []),
    ...(epssText(finding.epss) ? [{ label: 'EPSS', value: epssText(finding.epss) }] : []),
    ...exploitSignalsDetail(finding),
    ...(finding.toolStatus ? [{ label: 'Tool status', value: <ScannerValue value={finding.toolStatus} /> }] : []),
    ...(finding.toolTags.length > 0
      ? [{ label: "The tool's tags", value: <IdentifierList values={finding.toolTags} empty="None" /> }]
      : []),
  ];
  const evidence = scannerEvidence(finding.evidence ?? {});
  // The open instances the last scan reported, and those kept (a tool may report more than a finding keeps).
  const openReported = finding.status === 'fixed' ? 0 : finding.instanceCount - finding.fixedInstanceCount;
  const openKept = finding.instances.filter((instance) => instance.state === 'open').length;
  const compliance = finding.compliance ?? {};

  return (
    <Container
      header={
        <Header variant="h2" actions={close} description={`${finding.tool} finding on ${finding.asset.name}`}>
          {finding.title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Section title="Curation">
          {canUseTemplateLibrary(userAccess) ? (
            <FindingTemplatePanel slug={slug} service={service} finding={finding} onApplied={onApplied} />
          ) : null}
          <FindingCuration slug={slug} service={service} finding={finding} onSaved={onSaved} />
        </Section>
        <KeyValuePairs columns={4} items={overview} />
        <FindingConversation slug={slug} service={service} findingId={finding.id} />
        {hasMarkdownText(finding.description) ? (
          <Section title="Description">
            <MarkdownText text={finding.description ?? ''} />
          </Section>
        ) : null}
        {hasMarkdownText(finding.impact) ? (
          <Section title="Impact">
            <MarkdownText text={finding.impact ?? ''} />
          </Section>
        ) : null}
        {hasMarkdownText(finding.remediation) ? (
          <Section title="Remediation">
            <MarkdownText text={finding.remediation ?? ''} />
          </Section>
        ) : null}
        {finding.references.length > 0 ? (
          <Section title="References">
            <ul>
              {finding.references.map((reference) => (
                <li key={reference}>
                  <ReferenceLink reference={reference} />
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        <Section title="Evidence from the assessment">
          <FindingEvidenceEditor
            slug={slug}
            service={service}
            findingId={finding.id}
            items={finding.evidenceItems}
            onChanged={onApplied}
          />
        </Section>
        {Object.keys(evidence).length > 0 ? (
          <Section title="Evidence">
            <ScannerFields record={evidence} code />
          </Section>
        ) : null}
        {finding.instances.length > 0 ? (
          <Section title="Instances">
            {openReported > openKept ? (
              <Box variant="p">
                The last scan reported {plural(openReported, 'instance')}; the first {countText(openKept)} were kept.
              </Box>
            ) : null}
            <FindingInstances instances={finding.instances} />
          </Section>
        ) : null}
        {finding.password ? (
          <Section title="Password">
            <ScannerFields record={finding.password} columns={3} />
          </Section>
        ) : null}
        <Section title="Asset">
          <ScannerFields
            columns={2}
            record={{
              kind: finding.asset.kind,
              key: finding.asset.key,
              name: finding.asset.name,
              ...finding.assetDetail,
            }}
          />
        </Section>
        {Object.keys(compliance).length > 0 ? (
          <Section title="Compliance">
            <ScannerFields record={compliance} columns={2} />
          </Section>
        ) : null}
        {Object.keys(finding.extra).length > 0 ? (
          <Section title="More from the tool">
            <ScannerFields record={finding.extra} columns={2} />
          </Section>
        ) : null}
        <Section title="Identity">
          <Box variant="p">What makes this finding the same one from scan to scan, whatever its title or severity.</Box>
          <ScannerFields record={{ ...finding.identity, identityKey: finding.id }} columns={2} />
        </Section>
        <Section title="History">
          <FindingHistory history={finding.history} edits={finding.edits} />
        </Section>
      </SpaceBetween>
    </Container>
  );
}
