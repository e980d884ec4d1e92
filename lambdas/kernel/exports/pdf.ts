// The PDF report of a findings export (drawn with pdf-document.ts): a cover (company, service, period), an
// executive summary (the headline figures, and charts drawn as vector shapes from those figures), then the
// findings by severity with their description, remediation (their Markdown laid out: paragraphs, lists, bold,
// italics, code, links as their text and address) and affected assets. Scanner text is text: it is drawn as
// characters, never interpreted; characters the standard fonts cannot encode (outside Windows-1252) are drawn as '?'.
import {
  courier,
  helvetica,
  helveticaBold,
  helveticaOblique,
  PdfDocument,
  rgb,
  type Colour as RGB,
  type PdfFont as PDFFont,
  type PdfPage as PDFPage,
} from './pdf-document.js';
import { inlineText, markdownBlocks, type MarkdownBlock, type MarkdownInline } from '../markdown/markdown-blocks.js';
import { severities, type Severity } from '../scanners/finding-model.js';
import type { FindingViewer, VisibleFinding } from '../findings/finding-visibility.js';
import { affectedAssets, assetName } from './export-columns.js';

export interface PdfReportInput {
  productName: string;
  companyName: string;
  serviceLabel: string;
  viewer: FindingViewer;
  /** What the list was narrowed to, in words ('' when it was not). */
  filterWords: string;
  generatedAt: Date;
  /** The export held the first findings only. */
  truncated: boolean;
  findings: readonly VisibleFinding[];
}

const pageSize: [number, number] = [595.28, 841.89]; // A4
const margin = 50;
const contentWidth = pageSize[0] - 2 * margin;

export const severityColours: Record<Severity, RGB> = {
  critical: rgb(0.56, 0.07, 0.1),
  high: rgb(0.84, 0.2, 0.13),
  medium: rgb(0.93, 0.55, 0.1),
  low: rgb(0.2, 0.45, 0.75),
  info: rgb(0.55, 0.57, 0.6),
};
const ink = rgb(0.1, 0.12, 0.15);
const muted = rgb(0.38, 0.4, 0.45);
const rule = rgb(0.82, 0.84, 0.87);

const statusLabels: Record<string, string> = {
  open: 'Open',
  fixed: 'Fixed',
  risk_accepted: 'Risk accepted',
  false_positive: 'False positive',
  out_of_scope: 'Out of scope',
};
const statusColours: Record<string, RGB> = {
  open: rgb(0.84, 0.2, 0.13),
  fixed: rgb(0.2, 0.6, 0.3),
  risk_accepted: rgb(0.93, 0.55, 0.1),
  false_positive: rgb(0.55, 0.57, 0.6),
  out_of_scope: rgb(0.7, 0.72, 0.75),
};

/** Longest text of one field drawn per finding: the export's CSV and XLSX carry it whole. */
const maxFieldChars = 6000;
const maxAssetsShown = 15;

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const day = (time: number | Date) => new Date(time).toISOString().slice(0, 10);

class Writer {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  constructor(
    private readonly doc: PdfDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {}

  newPage(): void {
    this.page = this.doc.addPage(pageSize);
    this.pages.push(this.page);
    this.y = pageSize[1] - margin;
  }

  /** Room for `height` more points on this page, else a new page. */
  ensure(height: number): void {
    if (this.y - height < margin + 20) this.newPage();
  }

  clean(text: string): string {
    let out = '';
    for (const character of text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ')) {
      const code = character.codePointAt(0)!;
      out += character === '\n' || this.regular.canEncode(code) ? character : '?';
    }
    return out;
  }

  /** The text cut into lines no wider than `width`. */
  lines(text: string, font: PDFFont, size: number, width: number): string[] {
    const result: string[] = [];
    for (const paragraph of this.clean(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/ +/)) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= width) {
          line = candidate;
          continue;
        }
        if (line) result.push(line);
        line = word;
        // A word wider than the line (a long URL): cut it.
        while (font.widthOfTextAtSize(line, size) > width) {
          let cut = line.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut = Math.floor(cut * 0.8);
          result.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      result.push(line);
    }
    return result;
  }

  text(
    text: string,
    options: { font?: PDFFont; size?: number; colour?: RGB; indent?: number; gap?: number } = {},
  ): void {
    const font = options.font ?? this.regular;
    const size = options.size ?? 10;
    const indent = options.indent ?? 0;
    const leading = size * 1.35;
    for (const line of this.lines(text, font, size, contentWidth - indent)) {
      this.ensure(leading);
      this.y -= leading;
      if (line) this.page.drawText(line, { x: margin + indent, y: this.y, size, font, color: options.colour ?? ink });
    }
    this.y -= options.gap ?? 0;
  }

  /** Code as written in Courier: its spaces kept, a line wider than the page cut where it reaches the edge. */
  codeBlock(text: string, options: { size: number; indent: number; colour: RGB }): void {
    const { size, indent } = options;
    const leading = size * 1.35;
    const perLine = Math.max(1, Math.floor((contentWidth - indent) / courier.widthOfTextAtSize(' ', size)));
    for (const line of this.clean(text).split('\n')) {
      for (let start = 0; start === 0 || start < line.length; start += perLine) {
        this.ensure(leading);
        this.y -= leading;
        const piece = line.slice(start, start + perLine);
        if (piece)
          this.page.drawText(piece, { x: margin + indent, y: this.y, size, font: courier, color: options.colour });
      }
    }
    this.y -= 3;
  }

  /** Runs of text in their fonts, wrapped as one paragraph; `marker` (a list's bullet) left of the first line. */
  richText(
    runs: readonly TextRun[],
    options: { size: number; indent: number; colour?: RGB; marker?: string; gap?: number },
  ): void {
    const { size, indent } = options;
    const width = contentWidth - indent;
    const leading = size * 1.35;
    const lines: { text: string; font: PDFFont; x: number }[][] = [[]];
    let x = 0;
    let spaced = false;
    for (const run of runs) {
      for (const part of this.clean(run.text).split(/(\n| +)/)) {
        if (part === '') continue;
        if (part === '\n') {
          lines.push([]);
          x = 0;
          spaced = false;
          continue;
        }
        if (part.startsWith(' ')) {
          spaced = true;
          continue;
        }
        let line = lines[lines.length - 1]!;
        const space = spaced && line.length ? run.font.widthOfTextAtSize(' ', size) : 0;
        spaced = false;
        let word = part;
        if (line.length && x + space + run.font.widthOfTextAtSize(word, size) > width) {
          line = [];
          lines.push(line);
          x = 0;
        } else x += space;
        // A word wider than the line (a long URL): cut it.
        while (run.font.widthOfTextAtSize(word, size) > width - x && word.length > 1) {
          let cut = word.length - 1;
          while (cut > 1 && run.font.widthOfTextAtSize(word.slice(0, cut), size) > width - x)
            cut = Math.floor(cut * 0.8);
          line.push({ text: word.slice(0, cut), font: run.font, x });
          word = word.slice(cut);
          line = [];
          lines.push(line);
          x = 0;
        }
        line.push({ text: word, font: run.font, x });
        x += run.font.widthOfTextAtSize(word, size);
      }
    }
    lines.forEach((line, index) => {
      this.ensure(leading);
      this.y -= leading;
      const color = options.colour ?? ink;
      if (index === 0 && options.marker) {
        const markerWidth = this.regular.widthOfTextAtSize(options.marker, size);
        this.page.drawText(options.marker, {
          x: margin + indent - markerWidth - 3,
          y: this.y,
          size,
          font: this.regular,
          color,
        });
      }
      for (const piece of line) {
        this.page.drawText(piece.text, { x: margin + indent + piece.x, y: this.y, size, font: piece.font, color });
      }
    });
    this.y -= options.gap ?? 0;
  }
}

interface TextRun {
  text: string;
  font: PDFFont;
}

/** An inline run as text in fonts: bold, italics, code in Courier, a link as its words and its address. */
function textRuns(inlines: readonly MarkdownInline[], font: PDFFont = helvetica): TextRun[] {
  return inlines.flatMap((inline): TextRun[] => {
    switch (inline.kind) {
      case 'text':
        return [{ text: inline.text, font }];
      case 'break':
        return [{ text: '\n', font }];
      case 'code':
        return [{ text: inline.text, font: courier }];
      case 'strong':
        return textRuns(inline.children, helveticaBold);
      case 'emphasis':
        return textRuns(inline.children, font === helveticaBold ? font : helveticaOblique);
      case 'link': {
        const words = inlineText(inline.children).trim();
        const address = inline.href.replace(/^mailto:/i, '');
        const shown = textRuns(inline.children, font);
        return words === address || words === inline.href ? shown : [...shown, { text: ` (${address})`, font }];
      }
    }
  });
}

const bodySize = 9.5;
const listIndent = 14;

/** Markdown blocks in the PDF's layout; headings modest (bold, body size), quotes indented in grey. */
function drawBlocks(
  writer: Writer,
  blocks: readonly MarkdownBlock[],
  indent: number,
  colour: RGB = ink,
  marker?: string,
): void {
  blocks.forEach((block, index) => {
    const first = index === 0 ? marker : undefined;
    switch (block.kind) {
      case 'paragraph':
        writer.richText(textRuns(block.inlines), { size: bodySize, indent, colour, marker: first, gap: 3 });
        break;
      case 'heading':
        writer.richText(textRuns(block.inlines, helveticaBold), {
          size: bodySize + 0.5,
          indent,
          colour,
          marker: first,
          gap: 2,
        });
        break;
      case 'code':
        if (first) writer.richText([], { size: bodySize, indent, colour, marker: first });
        writer.codeBlock(block.text, { size: bodySize - 1, indent: indent + 6, colour });
        break;
      case 'quote':
        if (first) writer.richText([], { size: bodySize, indent, colour, marker: first });
        drawBlocks(writer, block.blocks, indent + 10, muted);
        break;
      case 'list':
        if (first) writer.richText([], { size: bodySize, indent, colour, marker: first });
        block.items.forEach((item, number) => {
          const bullet = block.ordered ? `${block.start + number}.` : '-';
          if (item.length === 0)
            writer.richText([], { size: bodySize, indent: indent + listIndent, colour, marker: bullet });
          else drawBlocks(writer, item, indent + listIndent, colour, bullet);
        });
        writer.y -= 2;
        break;
    }
  });
}

interface Figures {
  total: number;
  bySeverity: Record<Severity, number>;
  openBySeverity: Record<Severity, number>;
  byStatus: Record<string, number>;
  assets: number;
  firstSeen?: number;
  lastSeen?: number;
}

export function reportFigures(findings: readonly VisibleFinding[]): Figures {
  const zero = () => Object.fromEntries(severities.map((severity) => [severity, 0])) as Record<Severity, number>;
  const figures: Figures = {
    total: findings.length,
    bySeverity: zero(),
    openBySeverity: zero(),
    byStatus: {},
    assets: 0,
  };
  const assets = new Set<string>();
  for (const finding of findings) {
    figures.bySeverity[finding.severity] += 1;
    if (finding.status === 'open') figures.openBySeverity[finding.severity] += 1;
    figures.byStatus[finding.status] = (figures.byStatus[finding.status] ?? 0) + 1;
    assets.add(assetName(finding));
    const first = finding.firstSeenAt;
    const last = typeof finding.lastSeenAt === 'number' ? finding.lastSeenAt : first;
    figures.firstSeen = Math.min(figures.firstSeen ?? first, first);
    figures.lastSeen = Math.max(figures.lastSeen ?? last, last);
  }
  figures.assets = assets.size;
  return figures;
}

function drawCover(writer: Writer, input: PdfReportInput, figures: Figures): void {
  writer.newPage();
  const { page, bold } = writer;
  page.drawRectangle({ x: 0, y: pageSize[1] - 12, width: pageSize[0], height: 12, color: severityColours.critical });
  writer.y = pageSize[1] - 200;
  writer.text(input.productName, { size: 12, colour: muted, gap: 8 });
  writer.text('Security assessment report', { font: bold, size: 26, gap: 18 });
  writer.text(input.companyName, { font: bold, size: 18, gap: 4 });
  writer.text(input.serviceLabel, { size: 14, gap: 24 });
  const period =
    figures.firstSeen === undefined
      ? 'No findings in this view'
      : `${day(figures.firstSeen)} to ${day(figures.lastSeen ?? figures.firstSeen)}`;
  writer.text(`Period: ${period}`, { size: 11, gap: 4 });
  writer.text(`Generated: ${input.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`, { size: 11, gap: 4 });
  writer.text(
    input.viewer === 'customer' ? 'Findings published to you by the assessment team' : 'Every finding (analyst view)',
    { size: 11, gap: 4 },
  );
  if (input.filterWords) writer.text(`View: ${input.filterWords}`, { size: 11, gap: 4 });
  if (input.truncated) {
    writer.text(`This report holds the first ${figures.total} findings of the view, in severity order.`, {
      size: 11,
      colour: severityColours.high,
    });
  }
}

function barChart(writer: Writer, title: string, bars: { label: string; value: number; colour: RGB }[]): void {
  const barHeight = 14;
  const labelWidth = 110;
  writer.ensure(30 + bars.length * (barHeight + 6));
  writer.text(title, { font: writer.bold, size: 11, gap: 6 });
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const scale = (contentWidth - labelWidth - 50) / max;
  for (const bar of bars) {
    writer.y -= barHeight + 6;
    const { page } = writer;
    page.drawText(writer.clean(bar.label), { x: margin, y: writer.y + 3, size: 9, font: writer.regular, color: ink });
    page.drawRectangle({
      x: margin + labelWidth,
      y: writer.y,
      width: contentWidth - labelWidth - 50,
      height: barHeight,
      color: rgb(0.95, 0.96, 0.97),
    });
    if (bar.value > 0) {
      page.drawRectangle({
        x: margin + labelWidth,
        y: writer.y,
        width: Math.max(2, bar.value * scale),
        height: barHeight,
        color: bar.colour,
      });
    }
    page.drawText(String(bar.value), {
      x: margin + labelWidth + Math.max(2, bar.value * scale) + 6,
      y: writer.y + 3,
      size: 9,
      font: writer.bold,
      color: ink,
    });
  }
  writer.y -= 18;
}

function drawSummary(writer: Writer, input: PdfReportInput, figures: Figures): void {
  writer.newPage();
  writer.text('Executive summary', { font: writer.bold, size: 18, gap: 10 });
  const open = figures.byStatus.open ?? 0;
  const criticalHigh = figures.openBySeverity.critical + figures.openBySeverity.high;
  writer.text(
    `${figures.total} findings on ${figures.assets} assets of ${input.serviceLabel}; ${open} open, ` +
      `${criticalHigh} of them critical or high.`,
    { size: 11, gap: 12 },
  );
  // The headline figures, as tiles.
  const tiles: { label: string; value: number; colour: RGB }[] = [
    { label: 'Findings', value: figures.total, colour: ink },
    { label: 'Open', value: open, colour: statusColours.open! },
    { label: 'Assets affected', value: figures.assets, colour: ink },
    ...severities.map((severity) => ({
      label: `Open ${severity}`,
      value: figures.openBySeverity[severity],
      colour: severityColours[severity],
    })),
  ];
  const perRow = 4;
  const tileWidth = (contentWidth - (perRow - 1) * 8) / perRow;
  const tileHeight = 48;
  for (let index = 0; index < tiles.length; index += perRow) {
    writer.ensure(tileHeight + 8);
    writer.y -= tileHeight;
    tiles.slice(index, index + perRow).forEach((tile, column) => {
      const x = margin + column * (tileWidth + 8);
      writer.page.drawRectangle({
        x,
        y: writer.y,
        width: tileWidth,
        height: tileHeight,
        borderColor: rule,
        borderWidth: 1,
      });
      writer.page.drawRectangle({ x, y: writer.y, width: 4, height: tileHeight, color: tile.colour });
      writer.page.drawText(String(tile.value), {
        x: x + 12,
        y: writer.y + 22,
        size: 18,
        font: writer.bold,
        color: ink,
      });
      writer.page.drawText(tile.label, { x: x + 12, y: writer.y + 8, size: 8, font: writer.regular, color: muted });
    });
    writer.y -= 8;
  }
  writer.y -= 12;
  barChart(
    writer,
    'Findings by severity',
    severities.map((severity) => ({
      label: capitalised(severity),
      value: figures.bySeverity[severity],
      colour: severityColours[severity],
    })),
  );
  barChart(
    writer,
    'Findings by status',
    Object.keys(statusLabels).map((status) => ({
      label: statusLabels[status]!,
      value: figures.byStatus[status] ?? 0,
      colour: statusColours[status]!,
    })),
  );
  // Top assets by open findings: where to start.
  const perAsset = new Map<string, number>();
  for (const finding of input.findings) {
    if (finding.status !== 'open') continue;
    const name = assetName(finding);
    perAsset.set(name, (perAsset.get(name) ?? 0) + 1);
  }
  const top = [...perAsset.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
  if (top.length) {
    barChart(
      writer,
      'Assets with the most open findings',
      top.map(([label, value]) => ({
        label: label.length > 22 ? `${label.slice(0, 21)}...` : label,
        value,
        colour: muted,
      })),
    );
  }
}

function drawFindings(writer: Writer, input: PdfReportInput): void {
  for (const severity of severities) {
    const ofSeverity = input.findings.filter((finding) => finding.severity === severity);
    if (!ofSeverity.length) continue;
    writer.newPage();
    writer.page.drawRectangle({ x: margin, y: writer.y - 26, width: 6, height: 24, color: severityColours[severity] });
    writer.text(`${capitalised(severity)} findings (${ofSeverity.length})`, {
      font: writer.bold,
      size: 16,
      indent: 14,
      gap: 10,
    });
    for (const finding of ofSeverity) {
      writer.ensure(80);
      writer.page.drawLine({
        start: { x: margin, y: writer.y },
        end: { x: margin + contentWidth, y: writer.y },
        thickness: 0.5,
        color: rule,
      });
      writer.y -= 4;
      writer.text(finding.title, { font: writer.bold, size: 12, gap: 2 });
      const facts = [
        capitalised(finding.severity),
        statusLabels[finding.status] ?? finding.status,
        typeof finding.ruleId === 'string' ? `Rule ${finding.ruleId}` : '',
        Array.isArray(finding.cve) && finding.cve.length ? (finding.cve as string[]).join(', ') : '',
        `First seen ${day(finding.firstSeenAt)}`,
      ].filter(Boolean);
      writer.text(facts.join('  |  '), { size: 9, colour: muted, gap: 4 });
      const assets = affectedAssets(finding);
      writer.text('Affected assets', { font: writer.bold, size: 10 });
      for (const asset of assets.slice(0, maxAssetsShown)) writer.text(`- ${asset}`, { size: 9, indent: 8 });
      if (assets.length > maxAssetsShown) {
        writer.text(`and ${assets.length - maxAssetsShown} more`, { size: 9, indent: 8, colour: muted });
      }
      for (const [label, value] of [
        ['Description', finding.description],
        ['Remediation', finding.remediation],
      ] as const) {
        if (typeof value !== 'string') continue;
        const blocks = markdownBlocks(value.slice(0, maxFieldChars));
        if (!blocks.length) continue;
        writer.y -= 3;
        writer.text(label, { font: writer.bold, size: 10 });
        drawBlocks(writer, blocks, 0);
        if (value.length > maxFieldChars) writer.text('... (continued in the CSV export)', { size: 9, colour: muted });
      }
      writer.y -= 10;
    }
  }
}

export function findingsPdf(input: PdfReportInput): Uint8Array {
  const doc = new PdfDocument();
  doc.info = {
    title: `${input.companyName}: ${input.serviceLabel} report`,
    author: input.productName,
    producer: input.productName,
    creationDate: input.generatedAt,
  };
  const writer = new Writer(doc, helvetica, helveticaBold);
  const figures = reportFigures(input.findings);
  drawCover(writer, input, figures);
  drawSummary(writer, input, figures);
  drawFindings(writer, input);
  writer.pages.forEach((page, index) => {
    if (index === 0) return;
    const footer = writer.clean(`${input.companyName} - ${input.serviceLabel}`);
    page.drawText(footer, { x: margin, y: 28, size: 8, font: writer.regular, color: muted });
    const number = `Page ${index + 1} of ${writer.pages.length}`;
    page.drawText(number, {
      x: margin + contentWidth - writer.regular.widthOfTextAtSize(number, 8),
      y: 28,
      size: 8,
      font: writer.regular,
      color: muted,
    });
  });
  return doc.save();
}
