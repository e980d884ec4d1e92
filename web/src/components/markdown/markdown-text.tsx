// A finding's (or a template's) description, impact or remediation: its Markdown drawn as React elements from the
// blocks of markdown-blocks.ts, never as HTML. Raw HTML in the text shows as the text it is, links open only for
// http, https and mailto (in a new tab, without opener or referrer), and pictures are links, never loaded.
// Also the editors' "Markdown" hint and their preview.
import { useMemo, type ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Link from '@cloudscape-design/components/link';
import {
  markdownBlocks,
  type MarkdownBlock,
  type MarkdownInline,
} from '../../../../lambdas/kernel/markdown/markdown-blocks';
import styles from './markdown-text.module.css';

function inlineElements(inlines: readonly MarkdownInline[]): ReactNode[] {
  return inlines.map((inline, index) => {
    switch (inline.kind) {
      case 'text':
        return inline.text;
      case 'break':
        return <br key={index} />;
      case 'code':
        return (
          <code key={index} className={styles.code}>
            {inline.text}
          </code>
        );
      case 'strong':
        return <strong key={index}>{inlineElements(inline.children)}</strong>;
      case 'emphasis':
        return <em key={index}>{inlineElements(inline.children)}</em>;
      case 'link': {
        const mail = inline.href.toLowerCase().startsWith('mailto:');
        return (
          <Link
            key={index}
            href={inline.href}
            external={!mail}
            externalIconAriaLabel="(opens in a new tab)"
            target={mail ? undefined : '_blank'}
            rel="noopener noreferrer"
          >
            {inlineElements(inline.children)}
          </Link>
        );
      }
    }
  });
}

function blockElement(block: MarkdownBlock, key: number): ReactNode {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p key={key} className={styles.paragraph}>
          {inlineElements(block.inlines)}
        </p>
      );
    case 'heading':
      // Modest: a bold line, so the page's own heading order stays as it is.
      return (
        <p key={key} className={styles.heading}>
          {inlineElements(block.inlines)}
        </p>
      );
    case 'code':
      return (
        <pre key={key} className={styles.codeBlock}>
          {block.text}
        </pre>
      );
    case 'quote':
      return (
        <blockquote key={key} className={styles.quote}>
          {block.blocks.map(blockElement)}
        </blockquote>
      );
    case 'list': {
      const items = block.items.map((item, index) => (
        <li key={index} className={styles.item}>
          {item.map(blockElement)}
        </li>
      ));
      return block.ordered ? (
        <ol key={key} className={styles.list} start={block.start === 1 ? undefined : block.start}>
          {items}
        </ol>
      ) : (
        <ul key={key} className={styles.list}>
          {items}
        </ul>
      );
    }
  }
}

/** True when the text shows anything (ZAP's '<p></p>' does not). */
export function hasMarkdownText(text: string | undefined): boolean {
  return markdownBlocks(text).length > 0;
}

/** Markdown text, drawn safely. */
export function MarkdownText({ text }: { text: string }) {
  const blocks = useMemo(() => markdownBlocks(text), [text]);
  return <div className={styles.markdown}>{blocks.map(blockElement)}</div>;
}

/** The hint an editor of Markdown text gives under its label. */
export const markdownHint = 'Markdown: **bold**, *italics*, `code`, lists with "- ", [links](https://…).';

/** What the text being written will look like, under its editor. */
export function MarkdownPreview({ text }: { text: string }) {
  return (
    <ExpandableSection headerText="Preview" variant="footer">
      {hasMarkdownText(text) ? (
        <MarkdownText text={text} />
      ) : (
        <Box color="text-body-secondary">Nothing to show yet.</Box>
      )}
    </ExpandableSection>
  );
}
