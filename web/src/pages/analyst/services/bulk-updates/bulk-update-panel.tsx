// The bulk update the page follows: what it does, a progress bar (findings processed of the selection) while
// the server works through it, then what it did: how many findings changed, how many were already so, and
// the ones it left because someone changed them meanwhile (or they are gone), each linking to its detail.
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { countText, plural } from '../finding-values/finding-text';
import { FindingLink } from '../findings/finding-link';
import { isBulkUpdateEnded, type BulkUpdateRecord, type FollowedBulkUpdate } from './use-bulk-update';

const skipReasons: Record<BulkUpdateRecord['conflicted'][number]['reason'], string> = {
  conflict: 'changed by someone else meanwhile',
  notFound: 'no longer there',
};

function progressOf(record: BulkUpdateRecord | undefined) {
  if (!record) return { percent: 0, label: 'Starting', status: 'in-progress' as const };
  const percent = record.total > 0 ? Math.min(100, Math.floor((record.processed / record.total) * 100)) : 0;
  const additionalInfo = `${countText(record.processed)} of ${plural(record.total, 'finding')} processed`;
  if (record.status === 'queued')
    return { percent, label: 'Waiting to start', additionalInfo, status: 'in-progress' as const };
  if (record.status === 'running')
    return { percent, label: 'Updating', additionalInfo, status: 'in-progress' as const };
  if (record.status === 'failed') return { percent, label: 'Failed', additionalInfo, status: 'error' as const };
  return { percent: 100, label: 'Done', additionalInfo, status: 'success' as const };
}

export interface BulkUpdatePanelProps {
  followed: FollowedBulkUpdate;
  /** The titles of findings the page knows, for the conflicted ones' links. */
  titleOf: (findingId: string) => string | undefined;
  onDismiss: () => void;
}

export function BulkUpdatePanel({ followed, titleOf, onDismiss }: BulkUpdatePanelProps) {
  const { record, readError, summary } = followed;
  const ended = record !== undefined && isBulkUpdateEnded(record.status);
  const progress = progressOf(record);
  const resultText =
    record?.status === 'failed'
      ? (record.error ?? 'The bulk update failed.')
      : `${plural(record?.changed ?? 0, 'finding')} changed.`;
  return (
    <section aria-label="Bulk update">
      <Container
        header={
          <Header
            variant="h2"
            description={summary}
            actions={<Button onClick={onDismiss}>{ended ? 'Dismiss' : 'Hide progress'}</Button>}
          >
            Bulk update
          </Header>
        }
      >
        <SpaceBetween size="m">
          <ProgressBar
            value={progress.percent}
            status={progress.status}
            label={progress.label}
            additionalInfo={progress.additionalInfo}
            resultText={resultText}
          />
          {readError ? (
            <Alert type="warning" statusIconAriaLabel="Warning">
              {readError}
            </Alert>
          ) : null}
          {record && ended ? (
            <>
              <KeyValuePairs
                columns={3}
                items={[
                  { label: 'Changed', value: countText(record.changed) },
                  { label: 'Already so (unchanged)', value: countText(record.unchanged) },
                  { label: 'Conflicted', value: countText(record.conflicted.length) },
                ]}
              />
              {record.conflicted.length > 0 ? (
                <SpaceBetween size="xs">
                  <Box variant="p">
                    These findings were left as they were; open one to see what changed and to do it by hand:
                  </Box>
                  <ul aria-label="Conflicted findings">
                    {record.conflicted.map((skip) => (
                      <li key={`${skip.slug}/${skip.service}/${skip.findingId}`}>
                        <FindingLink
                          finding={{
                            id: skip.findingId,
                            title: titleOf(skip.findingId) ?? `Finding ${skip.findingId.slice(0, 8)}`,
                          }}
                        />{' '}
                        <Box variant="span" color="text-body-secondary">
                          ({skipReasons[skip.reason]})
                        </Box>
                      </li>
                    ))}
                  </ul>
                </SpaceBetween>
              ) : null}
            </>
          ) : null}
        </SpaceBetween>
      </Container>
    </section>
  );
}
