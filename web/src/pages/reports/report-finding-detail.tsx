// A published finding as a customer reads it (getFinding answers the customer whitelist): what it is, where,
// how severe, what to do, the remediation loop (finding-remediation.tsx), the conversation with the analysts
// (finding-conversation.tsx), and the tool's evidence.
import { exploitSignalsDetail } from '../analyst/services/finding-values/exploit-signals';
import { cvssDetail } from '../analyst/services/finding-values/cvss-values';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type { ServiceName } from '../../../../lambdas/kernel/access/rules';
import { hasLevel } from '../../../../lambdas/kernel/access/rules';
import { callFunction, type CallOutput } from '../../api/call-client';
import { useSession } from '../../components/session/session-context';
import { reviewRequestLevel } from '../../../../lambdas/contracts/reviews';
import { messageOf } from '../../components/forms/call-problems';
import { IdentifierList, IdentifierText } from '../../components/tables/cell-text';
import { TimeAgo } from '../../components/time/updated-label';
import { findingStatusLabels } from '../analyst/services/finding-values/finding-labels';
import { instancesText } from '../analyst/services/finding-values/finding-text';
import { ReferenceLink, ScannerValue, SeverityBadge } from '../analyst/services/finding-values/scanner-values';
import { hasMarkdownText, MarkdownText } from '../../components/markdown/markdown-text';
import { scannerEvidence } from '../../../../lambdas/kernel/scanners/scanner-html';
import { EvidenceItems } from '../analyst/services/finding-values/evidence-items';
import { FindingInstances } from '../analyst/services/finding-values/finding-instances';
import { FindingRemediation } from './finding-remediation';
import { FindingConversation } from '../../components/findings/finding-conversation';

type CustomerFinding = Extract<CallOutput<'getFinding'>, { view: 'customer' }>;
type Loaded = { findingId: string; finding?: CustomerFinding; error?: string };

const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function ReportFindingDetail({
  slug,
  service,
  findingId,
  onClose,
}: {
  slug: string;
  service: ServiceName;
  findingId: string;
  onClose: () => void;
}) {
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const [reloads, setReloads] = useState(0);
  const { userAccess } = useSession();
  useEffect(() => {
    let current = true;
    callFunction('getFinding', { slug, service, findingId }).then(
      (finding) =>
        current &&
        setLoaded(
          finding.view === 'customer'
            ? { findingId, finding }
            : { findingId, error: 'Open this finding on the service page.' },
        ),
      (caught: unknown) =>
        current && setLoaded({ findingId, error: messageOf(caught, 'The finding could not be loaded.') }),
    );
    return () => {
      current = false;
    };
  }, [slug, service, findingId, reloads]);
  const region = useRef<HTMLDivElement>(null);
  const shown = loaded?.findingId === findingId ? loaded : undefined;
  const firstShown = Boolean(shown);
  useEffect(() => {
    if (firstShown) region.current?.focus();
  }, [firstShown]);

  const close = <Button onClick={onClose}>Close</Button>;
  let content: ReactNode;
  if (!shown) content = <Spinner />;
  else if (shown.error || !shown.finding) {
    content = (
      <Alert type="error" statusIconAriaLabel="Error">
        {shown.error}
      </Alert>
    );
  } else {
    const finding = shown.finding;
    content = (
      <SpaceBetween size="l">
        <KeyValuePairs
          columns={4}
          items={[
            { label: 'Severity', value: <SeverityBadge severity={finding.severity} /> },
            {
              label: 'Status',
              value:
                findingStatusLabels[finding.status] +
                (finding.riskAcceptedUntil ? ` until ${dateOnly.format(finding.riskAcceptedUntil)}` : ''),
            },
            { label: 'Asset', value: <IdentifierText value={finding.asset.name} /> },
            { label: 'Instances', value: instancesText(finding) },
            { label: 'First seen', value: <TimeAgo at={finding.firstSeenAt} /> },
            { label: 'Last seen', value: <TimeAgo at={finding.lastSeenAt} /> },
            { label: 'CVE', value: <IdentifierList values={finding.cve} empty="—" /> },
            { label: 'CWE', value: <IdentifierList values={finding.cwe} empty="—" /> },
            ...cvssDetail(finding),
            ...exploitSignalsDetail(finding),
          ]}
        />
        {finding.instances.length ? (
          <SpaceBetween size="xs">
            <Box variant="h3">Where</Box>
            <FindingInstances instances={finding.instances} />
          </SpaceBetween>
        ) : null}
        {finding.description && hasMarkdownText(finding.description) ? (
          <SpaceBetween size="xs">
            <Box variant="h3">Description</Box>
            <MarkdownText text={finding.description} />
          </SpaceBetween>
        ) : null}
        {finding.remediation && hasMarkdownText(finding.remediation) ? (
          <SpaceBetween size="xs">
            <Box variant="h3">Remediation</Box>
            <MarkdownText text={finding.remediation} />
          </SpaceBetween>
        ) : null}
        <FindingRemediation
          slug={slug}
          service={service}
          finding={finding}
          mayRequest={hasLevel(userAccess, reviewRequestLevel)}
          onChanged={() => setReloads((count) => count + 1)}
        />
        <FindingConversation slug={slug} service={service} findingId={finding.id} />
        {finding.references.length ? (
          <SpaceBetween size="xs">
            <Box variant="h3">References</Box>
            <ul>
              {finding.references.map((reference) => (
                <li key={reference}>
                  <ReferenceLink reference={reference} />
                </li>
              ))}
            </ul>
          </SpaceBetween>
        ) : null}
        {finding.evidence && Object.keys(finding.evidence).length ? (
          <SpaceBetween size="xs">
            <Box variant="h3">Evidence</Box>
            <ScannerValue value={scannerEvidence(finding.evidence)} code />
          </SpaceBetween>
        ) : null}
        {finding.evidenceItems.length ? (
          <SpaceBetween size="xs">
            <Box variant="h3">Evidence from the assessment</Box>
            <EvidenceItems items={finding.evidenceItems} />
          </SpaceBetween>
        ) : null}
      </SpaceBetween>
    );
  }
  return (
    <div ref={region} tabIndex={-1} aria-label="Finding detail">
      <Container
        header={
          <Header variant="h2" actions={close}>
            {shown?.finding?.title ?? 'Finding'}
          </Header>
        }
      >
        {content}
      </Container>
    </div>
  );
}
