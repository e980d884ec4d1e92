// A finding's evidence as both views show it: an image inline (through its short-lived link, with its caption as
// the image's text), a text or an HTTP request/response as code, a file as a link that downloads it. Everything
// is React text: a caption or a text holding markup stays inert.
import Box from '@cloudscape-design/components/box';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { FindingEvidenceOutput } from '../../../../../../lambdas/contracts/finding-evidence';
import { CodeBox } from './scanner-values';
import styles from './scanner-text.module.css';

const kindLabels: Record<FindingEvidenceOutput['kind'], string> = {
  image: 'Screenshot',
  file: 'File',
  text: 'Text',
  http: 'HTTP request and response',
};

export const evidenceKindLabel = (piece: Pick<FindingEvidenceOutput, 'kind'>) => kindLabels[piece.kind];

/** One piece's content: the image, the code, or the file's link. */
export function EvidenceContent({ piece }: { piece: FindingEvidenceOutput }) {
  if (piece.kind === 'image' && piece.url) {
    return (
      <img
        className={styles.evidenceImage}
        src={piece.url}
        alt={piece.caption || piece.fileName || 'Screenshot of the finding'}
      />
    );
  }
  if (piece.text !== undefined) return <CodeBox text={piece.text} />;
  if (piece.url) {
    return (
      <Link href={piece.url} external={false} ariaLabel={`Download ${piece.fileName ?? 'the file'}`}>
        {piece.fileName ?? 'Download the file'}
      </Link>
    );
  }
  return null;
}

export function EvidenceItems({ items }: { items: readonly FindingEvidenceOutput[] }) {
  return (
    <SpaceBetween size="m">
      {items.map((piece) => (
        <section
          key={piece.evidenceId}
          aria-label={`${evidenceKindLabel(piece)}${piece.caption ? `: ${piece.caption}` : ''}`}
        >
          <SpaceBetween size="xxs">
            <Box variant="h4">{piece.caption || evidenceKindLabel(piece)}</Box>
            <EvidenceContent piece={piece} />
          </SpaceBetween>
        </section>
      ))}
    </SpaceBetween>
  );
}
