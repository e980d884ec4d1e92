// The Markdown that analysts write in a finding's (or a template's) description, impact and remediation, read by
// marked's lexer into a small, inert model that the web (markdown-text.tsx) and the PDF (pdf.ts) each draw their
// own way. Safe by construction: nothing here is HTML. Raw HTML stays text, a link keeps its target only for
// http, https and mailto, and an image is a link to its address (never loaded).
import { Lexer, type Token, type Tokens } from 'marked';
import { decodeEntities, scannerProse } from '../scanners/scanner-html.js';

export type MarkdownInline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: MarkdownInline[] }
  | { kind: 'emphasis'; children: MarkdownInline[] }
  | { kind: 'code'; text: string }
  | { kind: 'break' }
  /** A link whose target is http, https or mailto; any other link is its text alone. */
  | { kind: 'link'; href: string; children: MarkdownInline[] };

export type MarkdownBlock =
  | { kind: 'paragraph'; inlines: MarkdownInline[] }
  /** Level 1 to 6, as written; views draw every level modestly. */
  | { kind: 'heading'; level: number; inlines: MarkdownInline[] }
  | { kind: 'list'; ordered: boolean; start: number; items: MarkdownBlock[][] }
  | { kind: 'code'; text: string }
  | { kind: 'quote'; blocks: MarkdownBlock[] };

/** Nesting past this (quotes in lists in quotes…) is shown as the text it holds. */
const maxDepth = 8;

/** A link target the views may follow: http, https and mailto addresses only (no javascript:, data:, relative). */
export function safeHref(href: string): string | undefined {
  const trimmed = href.trim();
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(trimmed)) return trimmed;
  if (!/^https?:\/\/\S+$/i.test(trimmed)) return undefined;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function inlinesOf(tokens: readonly Token[] | undefined, depth: number): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  for (const token of tokens ?? []) out.push(...inlineOf(token, depth));
  return out;
}

function inlineOf(token: Token, depth: number): MarkdownInline[] {
  if (depth > maxDepth) return [{ kind: 'text', text: token.raw }];
  switch (token.type) {
    case 'strong':
      return [{ kind: 'strong', children: inlinesOf((token as Tokens.Strong).tokens, depth + 1) }];
    case 'em':
      return [{ kind: 'emphasis', children: inlinesOf((token as Tokens.Em).tokens, depth + 1) }];
    case 'codespan':
      return [{ kind: 'code', text: (token as Tokens.Codespan).text }];
    case 'br':
      return [{ kind: 'break' }];
    case 'link': {
      const link = token as Tokens.Link;
      const children = inlinesOf(link.tokens, depth + 1);
      const href = safeHref(link.href);
      return href ? [{ kind: 'link', href, children }] : children;
    }
    case 'image': {
      // Never loaded: a link to the picture, named by its alternative text.
      const image = token as Tokens.Image;
      const label: MarkdownInline = { kind: 'text', text: decodeEntities(image.text || image.href) };
      const href = safeHref(image.href);
      return href ? [{ kind: 'link', href, children: [label] }] : [label];
    }
    case 'html':
      // Raw HTML is text: shown as written, never interpreted.
      return [{ kind: 'text', text: (token as Tokens.HTML).text }];
    case 'escape':
      return [{ kind: 'text', text: (token as Tokens.Escape).text }];
    case 'text': {
      const text = token as Tokens.Text;
      if (text.tokens?.length) return inlinesOf(text.tokens, depth + 1);
      return [{ kind: 'text', text: text.escaped ? text.text : decodeEntities(text.text) }];
    }
    default: {
      // Strikethrough and what else marked reads inline: its words, without the markup.
      const other = token as { tokens?: Token[]; text?: string; raw: string };
      if (other.tokens?.length) return inlinesOf(other.tokens, depth + 1);
      return [{ kind: 'text', text: other.text ?? other.raw }];
    }
  }
}

function blocksOf(tokens: readonly Token[], depth: number): MarkdownBlock[] {
  const out: MarkdownBlock[] = [];
  for (const token of tokens) {
    const block = blockOf(token, depth);
    if (block) out.push(block);
  }
  return out;
}

function paragraph(text: string): MarkdownBlock {
  return { kind: 'paragraph', inlines: [{ kind: 'text', text }] };
}

function blockOf(token: Token, depth: number): MarkdownBlock | undefined {
  if (depth > maxDepth) return paragraph(token.raw.trim());
  switch (token.type) {
    case 'space':
    case 'def':
    case 'hr':
      return undefined;
    case 'paragraph':
      return { kind: 'paragraph', inlines: inlinesOf((token as Tokens.Paragraph).tokens, depth + 1) };
    case 'text': {
      const text = token as Tokens.Text;
      const inlines = text.tokens?.length
        ? inlinesOf(text.tokens, depth + 1)
        : [{ kind: 'text' as const, text: text.text }];
      return { kind: 'paragraph', inlines };
    }
    case 'heading': {
      const heading = token as Tokens.Heading;
      return { kind: 'heading', level: heading.depth, inlines: inlinesOf(heading.tokens, depth + 1) };
    }
    case 'code':
      return { kind: 'code', text: (token as Tokens.Code).text };
    case 'blockquote':
      return { kind: 'quote', blocks: blocksOf((token as Tokens.Blockquote).tokens, depth + 1) };
    case 'list': {
      const list = token as Tokens.List;
      const start = typeof list.start === 'number' && Number.isInteger(list.start) ? list.start : 1;
      return {
        kind: 'list',
        ordered: list.ordered,
        start,
        items: list.items.map((item) => blocksOf(item.tokens, depth + 1)),
      };
    }
    case 'html': {
      // A block of raw HTML is a paragraph of its text.
      const text = (token as Tokens.HTML).text.trim();
      return text ? paragraph(text) : undefined;
    }
    default: {
      // Tables and anything else: their text as written.
      const text = token.raw.trim();
      return text ? paragraph(text) : undefined;
    }
  }
}

/**
 * The blocks of a Markdown text. A single line break is a line break (as analysts and tools write plain text);
 * text a scanner wrote as HTML paragraphs (ZAP's, stored before imports read it) is read as its Markdown first.
 */
export function markdownBlocks(text: string | undefined): MarkdownBlock[] {
  const source = scannerProse(text ?? '') ?? '';
  if (source.trim() === '') return [];
  return blocksOf(new Lexer({ gfm: true, breaks: true }).lex(source), 0);
}

/** An inline run's words without markup (a link's text, a heading's words). */
export function inlineText(inlines: readonly MarkdownInline[]): string {
  return inlines
    .map((inline) => {
      switch (inline.kind) {
        case 'text':
        case 'code':
          return inline.text;
        case 'break':
          return '\n';
        default:
          return inlineText(inline.children);
      }
    })
    .join('');
}
