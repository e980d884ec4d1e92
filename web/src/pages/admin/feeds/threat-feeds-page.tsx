// /admin/feeds (level 9): upload CISA's KEV catalogue or FIRST's EPSS scores (createFeedImport, the presigned POST,
// startFeedImport) and follow the import (getFeedImport) until it is done or failed. The last import of each feed is
// remembered in this browser, so its state is shown again on a later visit; the import itself runs on the server.
import { useCallback, useEffect, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { FeedImportOutput, FeedKind } from '../../../../../lambdas/contracts/exploit-signals';
import { maxFeedFileBytes } from '../../../../../lambdas/contracts/exploit-signals';
import { callFunction } from '../../../api/call-client';
import { messageOf } from '../../../components/forms/call-problems';
import { FormErrorAlert } from '../../../components/forms/form-alerts';
import { usePageHelp } from '../../../components/help-panel/help-panel-context';
import { InfoLink } from '../../../components/help-panel/info-link';
import { fileUploadStrings } from '../../../components/uploads/file-upload-strings';
import { uploadFile } from '../../../components/uploads/upload-file';
import { ThreatFeedsHelp } from './threat-feeds-help';

const feeds: Record<FeedKind, { title: string; description: string; accept: string }> = {
  kev: {
    title: 'Known Exploited Vulnerabilities (CISA)',
    description: 'known_exploited_vulnerabilities.json, as CISA publishes it.',
    accept: '.json,application/json',
  },
  epss: {
    title: 'EPSS scores (FIRST)',
    description: 'The EPSS CSV with its #model_version line, gzipped (.csv.gz) or plain.',
    accept: '.csv,.gz,text/csv,application/gzip',
  },
};

const storageKey = (kind: FeedKind) => `threat-feeds:last-import:${kind}`;
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const ended = (feedImport: FeedImportOutput | undefined) =>
  feedImport?.status === 'done' || feedImport?.status === 'failed';

function ImportState({ feedImport }: { feedImport: FeedImportOutput }) {
  if (feedImport.status === 'failed') {
    return (
      <StatusIndicator type="error">
        Failed: {feedImport.error?.message ?? 'the import stopped'}. The stored feed is unchanged.
      </StatusIndicator>
    );
  }
  if (feedImport.status === 'done') {
    return (
      <SpaceBetween size="s">
        <StatusIndicator type="success">Done: {feedImport.feed?.entries ?? 0} CVEs stored</StatusIndicator>
        <KeyValuePairs
          columns={3}
          items={[
            { label: 'Feed version', value: feedImport.feed?.version ?? '-' },
            { label: 'Released', value: feedImport.feed?.released ?? '-' },
            { label: 'Imported', value: feedImport.finishedAt ? dateTime.format(feedImport.finishedAt) : '-' },
          ]}
        />
        <Box color="text-body-secondary" fontSize="body-s">
          Findings that name these CVEs are being updated in the background.
        </Box>
      </SpaceBetween>
    );
  }
  const { bytesRead, bytesTotal, entriesStored, phase } = feedImport.progress;
  return (
    <ProgressBar
      label="Import"
      value={bytesTotal ? Math.min(100, Math.round((bytesRead / bytesTotal) * 100)) : 0}
      description={
        feedImport.status === 'running'
          ? `${phase === 'checking' ? 'Checking the feed' : 'Storing'}: ${entriesStored} CVEs stored`
          : 'Queued'
      }
    />
  );
}

function FeedUpload({ kind }: { kind: FeedKind }) {
  const [files, setFiles] = useState<File[]>([]);
  const [feedImport, setFeedImport] = useState<FeedImportOutput | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const follow = useCallback(
    async (feedImportId: string) => {
      try {
        setFeedImport(await callFunction('getFeedImport', { feedImportId }));
      } catch {
        localStorage.removeItem(storageKey(kind));
      }
    },
    [kind],
  );

  useEffect(() => {
    const remembered = localStorage.getItem(storageKey(kind));
    if (remembered) void follow(remembered);
  }, [follow, kind]);

  useEffect(() => {
    if (!feedImport || ended(feedImport)) return undefined;
    const timer = setTimeout(() => void follow(feedImport.feedImportId), 1000);
    return () => clearTimeout(timer);
  }, [feedImport, follow]);

  const upload = async () => {
    const file = files[0];
    if (!file) {
      setProblem('Choose the feed file to upload.');
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const created = await callFunction('createFeedImport', { kind, contentLength: file.size });
      localStorage.setItem(storageKey(kind), created.feedImportId);
      await uploadFile(created.upload, file, () => undefined);
      setFeedImport(await callFunction('startFeedImport', { feedImportId: created.feedImportId }));
      setFiles([]);
    } catch (error) {
      setProblem(messageOf(error, 'The feed could not be uploaded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const { title, description, accept } = feeds[kind];
  return (
    <Container header={<Header variant="h2">{title}</Header>}>
      <SpaceBetween size="m">
        <FormErrorAlert message={problem} />
        <FormField
          label="Feed file"
          description={description}
          constraintText={`Up to ${maxFeedFileBytes / 1024 / 1024} MiB.`}
        >
          <FileUpload
            value={files}
            onChange={({ detail }) => setFiles(detail.value)}
            accept={accept}
            showFileSize
            i18nStrings={fileUploadStrings}
          />
        </FormField>
        <Button
          onClick={() => void upload()}
          loading={busy}
          disabled={files.length === 0}
          ariaLabel={`Upload ${title}`}
        >
          Upload
        </Button>
        {feedImport ? <ImportState feedImport={feedImport} /> : null}
      </SpaceBetween>
    </Container>
  );
}

export default function ThreatFeedsPage() {
  usePageHelp(ThreatFeedsHelp);
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="The exploit signals of findings: which CVEs are known exploited, and how likely each is to be."
          info={<InfoLink topic={ThreatFeedsHelp} ariaLabel="Info about threat feeds" />}
        >
          Threat feeds
        </Header>
      }
    >
      <ColumnLayout columns={2}>
        <FeedUpload kind="kev" />
        <FeedUpload kind="epss" />
      </ColumnLayout>
    </ContentLayout>
  );
}
