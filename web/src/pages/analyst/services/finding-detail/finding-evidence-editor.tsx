// The finding's evidence on the analyst's detail: every piece (customer-visible or not) with a switch for what
// customers see and Remove, and a form adding a screenshot or a file (uploaded with a presigned POST, as a scan
// file) or a text or an HTTP request/response, whose secrets the Mask action replaces before it is stored.
import { useState, type FormEvent } from 'react';
import Button from '@cloudscape-design/components/button';
import { fileUploadStrings } from '../../../../components/uploads/file-upload-strings';
import { uploadFile } from '../../../../components/uploads/upload-file';
import Checkbox from '@cloudscape-design/components/checkbox';
import FileUpload from '@cloudscape-design/components/file-upload';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import {
  evidenceFileTypes,
  evidenceImageTypes,
  maxEvidenceFileBytes,
  type FindingEvidenceOutput,
} from '../../../../../../lambdas/contracts/finding-evidence';
import {
  maskSecrets,
  secretPatternLabels,
  secretPatterns,
  type SecretPattern,
} from '../../../../../../lambdas/contracts/secret-masks';
import { callFunction } from '../../../../api/call-client';
import { messageOf } from '../../../../components/forms/call-problems';
import { FormErrorAlert } from '../../../../components/forms/form-alerts';
import { EvidenceContent, evidenceKindLabel } from '../finding-values/evidence-items';

type Adding = 'image' | 'file' | 'text' | 'http';

interface EditorProps {
  slug: string;
  service: ServiceName;
  findingId: string;
  items: readonly FindingEvidenceOutput[];
  onChanged: () => void;
}

export function FindingEvidenceEditor({ slug, service, findingId, items, onChanged }: EditorProps) {
  const scope = { slug, service, findingId };
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const run = async (work: () => Promise<unknown>) => {
    setProblem(undefined);
    try {
      await work();
      onChanged();
    } catch (caught) {
      setProblem(messageOf(caught, 'The evidence could not be saved. Please try again.'));
    }
  };
  return (
    <SpaceBetween size="m">
      <FormErrorAlert message={problem} />
      {items.map((piece) => (
        <section
          key={piece.evidenceId}
          aria-label={`${evidenceKindLabel(piece)}: ${piece.caption ?? piece.fileName ?? ''}`}
        >
          <SpaceBetween size="xs">
            <SpaceBetween direction="horizontal" size="m" alignItems="center">
              <strong>{piece.caption || evidenceKindLabel(piece)}</strong>
              <Toggle
                checked={piece.customerVisible}
                onChange={({ detail }) =>
                  void run(() =>
                    callFunction('updateEvidence', {
                      ...scope,
                      evidenceId: piece.evidenceId,
                      ...(piece.caption ? { caption: piece.caption } : {}),
                      customerVisible: detail.checked,
                      expectedVersion: piece.version ?? 0,
                    }),
                  )
                }
              >
                Customers see it
              </Toggle>
              <Button
                variant="inline-link"
                ariaLabel={`Remove ${piece.caption || evidenceKindLabel(piece)}`}
                onClick={() =>
                  void run(() =>
                    callFunction('removeEvidence', {
                      ...scope,
                      evidenceId: piece.evidenceId,
                      expectedVersion: piece.version ?? 0,
                    }),
                  )
                }
              >
                Remove
              </Button>
            </SpaceBetween>
            <EvidenceContent piece={piece} />
          </SpaceBetween>
        </section>
      ))}
      <AddEvidenceForm {...scope} onAdded={onChanged} />
    </SpaceBetween>
  );
}

/** createEvidenceUpload, the file through its presigned POST (uploads/upload-file.ts), then addEvidence. */
async function uploadEvidence(
  scope: { slug: string; service: ServiceName; findingId: string },
  kind: 'image' | 'file',
  file: File,
  caption: string,
  customerVisible: boolean,
) {
  const created = await callFunction('createEvidenceUpload', {
    ...scope,
    kind,
    fileName: file.name,
    contentType: file.type || 'application/octet-stream',
    contentLength: file.size,
  });
  await uploadFile(created.upload, file, () => undefined);
  await callFunction('addEvidence', {
    ...scope,
    evidenceId: created.evidenceId,
    ...(caption.trim() ? { caption: caption.trim() } : {}),
    customerVisible,
    expectedVersion: created.version,
  });
}

function AddEvidenceForm({
  slug,
  service,
  findingId,
  onAdded,
}: {
  slug: string;
  service: ServiceName;
  findingId: string;
  onAdded: () => void;
}) {
  const [kind, setKind] = useState<Adding>('image');
  const [files, setFiles] = useState<File[]>([]);
  const [text, setText] = useState('');
  const [caption, setCaption] = useState('');
  const [customerVisible, setCustomerVisible] = useState(false);
  const [patterns, setPatterns] = useState<SecretPattern[]>(['bearer', 'basic', 'cookie', 'password']);
  const [maskNote, setMaskNote] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [submitting, setSubmitting] = useState(false);
  const isText = kind === 'text' || kind === 'http';
  const allowedTypes: readonly string[] = kind === 'image' ? evidenceImageTypes : evidenceFileTypes;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = files[0];
    if (isText ? text.trim() === '' : !file) {
      setProblem(isText ? 'Enter the text.' : 'Choose a file.');
      return;
    }
    if (file && !isText && file.size > maxEvidenceFileBytes) {
      setProblem('The file is larger than 10 MB.');
      return;
    }
    setSubmitting(true);
    setProblem(undefined);
    try {
      if (isText) {
        await callFunction('addEvidence', {
          slug,
          service,
          findingId,
          kind,
          text,
          ...(caption.trim() ? { caption: caption.trim() } : {}),
          customerVisible,
        });
      } else if (file) {
        await uploadEvidence({ slug, service, findingId }, kind, file, caption, customerVisible);
      }
      setFiles([]);
      setText('');
      setCaption('');
      setMaskNote(undefined);
      // Each piece is shown to customers by a choice of its own, never by the last one's.
      setCustomerVisible(false);
      onAdded();
    } catch (caught) {
      setProblem(messageOf(caught, 'The evidence could not be added. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Add evidence">
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={submitting}>
            Add evidence
          </Button>
        }
        errorText={problem}
      >
        <SpaceBetween size="s">
          <SegmentedControl
            label="Kind of evidence"
            selectedId={kind}
            onChange={({ detail }) => {
              setKind(detail.selectedId as Adding);
              setProblem(undefined);
            }}
            options={[
              { id: 'image', text: 'Screenshot' },
              { id: 'http', text: 'HTTP request/response' },
              { id: 'text', text: 'Text' },
              { id: 'file', text: 'File' },
            ]}
          />
          {isText ? (
            <>
              <FormField
                label={kind === 'http' ? 'Request and response' : 'Text'}
                constraintText="Up to 64 KB, shown as code."
                controlId="evidence-text"
              >
                <Textarea
                  controlId="evidence-text"
                  rows={8}
                  value={text}
                  onChange={({ detail }) => {
                    setText(detail.value);
                    setMaskNote(undefined);
                  }}
                />
              </FormField>
              <FormField label="Secrets to mask" description={maskNote}>
                <SpaceBetween direction="horizontal" size="s">
                  {secretPatterns.map((pattern) => (
                    <Checkbox
                      key={pattern}
                      checked={patterns.includes(pattern)}
                      onChange={({ detail }) =>
                        setPatterns((current) =>
                          detail.checked ? [...current, pattern] : current.filter((chosen) => chosen !== pattern),
                        )
                      }
                    >
                      {secretPatternLabels[pattern]}
                    </Checkbox>
                  ))}
                  <Button
                    formAction="none"
                    onClick={() => {
                      const masked = maskSecrets(text, patterns);
                      setText(masked.text);
                      setMaskNote(masked.masked === 1 ? '1 secret masked.' : `${masked.masked} secrets masked.`);
                    }}
                  >
                    Mask
                  </Button>
                </SpaceBetween>
              </FormField>
            </>
          ) : (
            <FormField
              label={kind === 'image' ? 'Screenshot' : 'File'}
              constraintText={`Up to 10 MB: ${allowedTypes.join(', ')}.`}
            >
              <FileUpload
                value={files}
                onChange={({ detail }) => setFiles(detail.value.slice(0, 1))}
                accept={allowedTypes.join(',')}
                i18nStrings={{
                  ...fileUploadStrings,
                  uploadButtonText: () => (kind === 'image' ? 'Choose a screenshot' : 'Choose a file'),
                }}
                showFileSize
              />
            </FormField>
          )}
          <FormField label="Caption (optional)" controlId="evidence-caption">
            <Input controlId="evidence-caption" value={caption} onChange={({ detail }) => setCaption(detail.value)} />
          </FormField>
          <Checkbox checked={customerVisible} onChange={({ detail }) => setCustomerVisible(detail.checked)}>
            Customers see it
          </Checkbox>
        </SpaceBetween>
      </Form>
    </form>
  );
}
