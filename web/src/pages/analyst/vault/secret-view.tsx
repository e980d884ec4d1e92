// A decrypted reply on the analyst's page: a text with a copy button, or a file to save.
import { useEffect, useMemo } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { fileObjectUrl } from '../../../vault/secret-draft';
import { sizeText } from '../../../vault/secret-limits';
import type { SecretContent } from '../../../vault/vault-crypto';

export function SecretView({ content }: { content: SecretContent }) {
  const fileUrl = useMemo(() => (content.kind === 'file' ? fileObjectUrl(content) : undefined), [content]);
  useEffect(() => () => (fileUrl ? URL.revokeObjectURL(fileUrl) : undefined), [fileUrl]);

  if (content.kind === 'text') {
    return (
      <SpaceBetween size="s">
        <FormField label="Secret" stretch>
          <Textarea
            value={content.text}
            readOnly
            rows={Math.min(12, Math.max(3, content.text.split('\n').length))}
            ariaLabel="Secret"
          />
        </FormField>
        <CopyToClipboard
          variant="button"
          textToCopy={content.text}
          copyButtonText="Copy secret"
          copySuccessText="Secret copied"
          copyErrorText="The secret could not be copied"
        />
      </SpaceBetween>
    );
  }
  return (
    <SpaceBetween size="s">
      <Box>
        <Box variant="awsui-key-label">File</Box>
        <span data-testid="secret-file-name">{content.name}</span> ({sizeText(content.bytes.byteLength)})
      </Box>
      <Button iconName="download" href={fileUrl} download={content.name} ariaLabel={`Save ${content.name}`}>
        Save file
      </Button>
    </SpaceBetween>
  );
}
