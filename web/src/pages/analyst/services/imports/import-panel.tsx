// The import the page follows: a progress bar (the upload, then the server's phases with the bytes read and
// the findings written), then what the import did, or why it failed. It comes back after a reload; the
// import itself runs on the server whatever the browser does.
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ImportSummary } from './import-summary';
import { importView, type ImportView } from './import-view';
import type { FollowedImport } from './use-scan-import';

/** Where an import stands: the bar while it runs, the result's words once it ended. */
export function ImportProgressBar({ view }: { view: ImportView }) {
  return (
    <ProgressBar
      value={view.percent}
      status={view.status}
      label={view.label}
      description={view.status === 'in-progress' ? view.description : undefined}
      additionalInfo={view.info}
      resultText={view.description}
    />
  );
}

export interface ImportPanelProps {
  followed: FollowedImport;
  onDismiss: () => void;
}

export function ImportPanel({ followed, onDismiss }: ImportPanelProps) {
  const { local, scan, readError } = followed;
  const view = importView(followed.fileNames, local, scan);
  const sending = local?.step === 'uploading' || local?.step === 'starting';
  return (
    <section aria-label="Scan import">
      <Container
        header={
          <Header
            variant="h2"
            actions={
              sending ? undefined : <Button onClick={onDismiss}>{view.ended ? 'Dismiss' : 'Hide progress'}</Button>
            }
            description={view.ended || sending ? undefined : 'Its progress also shows in the Scans tab.'}
          >
            Scan import
          </Header>
        }
      >
        <SpaceBetween size="m">
          <ImportProgressBar view={view} />
          {readError ? (
            <Alert type="warning" statusIconAriaLabel="Warning">
              {readError}
            </Alert>
          ) : null}
          {scan && view.ended && scan.status !== 'uploading' ? (
            <ImportSummary scan={scan} withDetails={false} withFailure={false} />
          ) : null}
        </SpaceBetween>
      </Container>
    </section>
  );
}
