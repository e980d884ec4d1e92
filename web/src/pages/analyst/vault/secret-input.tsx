// The secret to send, on the share-link form: a text, or one file (up to 10 MB), chosen with a segmented control.
import { useState } from 'react';
import FileInput from '@cloudscape-design/components/file-input';
import FormField from '@cloudscape-design/components/form-field';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { maxShareFileBytes, sizeText } from '../../../vault/secret-limits';
import type { SecretDraft } from '../../../vault/secret-draft';

export function SecretInput({
  draft,
  onChange,
  error,
  disabled,
}: {
  draft: SecretDraft;
  onChange: (draft: SecretDraft) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [kind, setKind] = useState(draft.kind);
  return (
    <SpaceBetween size="s">
      <SegmentedControl
        label="What to send"
        selectedId={kind}
        options={[
          { id: 'text', text: 'Text', disabled },
          { id: 'file', text: 'File', disabled },
        ]}
        onChange={({ detail }) => {
          const next = detail.selectedId === 'file' ? 'file' : 'text';
          setKind(next);
          onChange(next === 'file' ? { kind: 'file', file: undefined } : { kind: 'text', text: '' });
        }}
      />
      {draft.kind === 'text' ? (
        <FormField label="Secret" description="Only this browser sees it unencrypted." errorText={error} stretch>
          <Textarea
            value={draft.text}
            rows={6}
            disabled={disabled}
            spellcheck={false}
            autoComplete={false}
            onChange={({ detail }) => onChange({ kind: 'text', text: detail.value })}
            ariaLabel="Secret"
          />
        </FormField>
      ) : (
        <FormField
          label="File"
          description={`One file, at most ${sizeText(maxShareFileBytes)}. Its name is encrypted with it.`}
          errorText={error}
        >
          <SpaceBetween size="xs" direction="horizontal" alignItems="center">
            <FileInput
              value={draft.file ? [draft.file] : []}
              onChange={({ detail }) => onChange({ kind: 'file', file: detail.value[0] })}
              ariaLabel="Choose file"
            >
              Choose file
            </FileInput>
            {draft.file ? <span>{`${draft.file.name} (${sizeText(draft.file.size)})`}</span> : null}
          </SpaceBetween>
        </FormField>
      )}
    </SpaceBetween>
  );
}
