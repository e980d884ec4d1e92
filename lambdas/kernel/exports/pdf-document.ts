// A small PDF writer (PDF 1.4): pages of text in four standard fonts, Helvetica, Helvetica-Bold, Helvetica-Oblique
// and Courier (WinAnsiEncoding; every reader has them built in, nothing is embedded), filled and stroked rectangles and
// lines, Flate-compressed content streams (node:zlib) and the document's title and author. Written here rather
// than taken from a library because every kept PDF library weighed 460 KB or more minified in the report
// worker's bundle (pdf-lib with its standard-font metrics, pako and parsers; pdfkit with fontkit), past the
// 600 KB Lambda budget, for a report that needs only text, boxes and lines. Text is drawn as characters, never
// interpreted; characters outside WinAnsi are drawn as '?'.
import { deflateSync } from 'node:zlib';
import { helveticaBoldWidths, helveticaWidths, winAnsiIdentity, winAnsiSpecial } from './pdf-font-metrics.js';

export interface Colour {
  r: number;
  g: number;
  b: number;
}

export const rgb = (r: number, g: number, b: number): Colour => ({ r, g, b });

const number = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/\.?0+$/, ''));
const colourOps = (colour: Colour, operator: 'rg' | 'RG') =>
  `${number(colour.r)} ${number(colour.g)} ${number(colour.b)} ${operator}`;

/** The WinAnsi byte of a code point, or undefined when the encoding lacks it. */
export function winAnsiByte(codePoint: number): number | undefined {
  if (winAnsiIdentity(codePoint)) return codePoint;
  return winAnsiSpecial[codePoint];
}

export class PdfFont {
  constructor(
    readonly resource: string,
    readonly baseFont: string,
    private readonly widths: readonly number[],
  ) {}

  canEncode(codePoint: number): boolean {
    return winAnsiByte(codePoint) !== undefined;
  }

  widthOfTextAtSize(text: string, size: number): number {
    let width = 0;
    for (const character of text) width += this.widths[winAnsiByte(character.codePointAt(0)!) ?? 63] ?? 0;
    return (width * size) / 1000;
  }
}

export const helvetica = new PdfFont('F1', 'Helvetica', helveticaWidths);
export const helveticaBold = new PdfFont('F2', 'Helvetica-Bold', helveticaBoldWidths);
/** Helvetica slanted: the same widths. */
export const helveticaOblique = new PdfFont('F3', 'Helvetica-Oblique', helveticaWidths);
/** Monospaced: every glyph 600 units wide. */
export const courier = new PdfFont('F4', 'Courier', new Array<number>(256).fill(600));
const fonts = [helvetica, helveticaBold, helveticaOblique, courier] as const;

/** A PDF string literal of the text's WinAnsi bytes: \ ( ) escaped, bytes outside printable ASCII in octal. */
function textLiteral(text: string): string {
  let out = '(';
  for (const character of text) {
    const byte = winAnsiByte(character.codePointAt(0)!) ?? 63;
    if (byte === 0x5c || byte === 0x28 || byte === 0x29) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 32 || byte > 126) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

/** A text string of the document's information (UTF-16BE with its byte-order mark, in hex). */
function infoString(text: string): string {
  let hex = 'FEFF';
  for (let index = 0; index < text.length; index += 1) hex += text.charCodeAt(index).toString(16).padStart(4, '0');
  return `<${hex.toUpperCase()}>`;
}

export class PdfPage {
  readonly operations: string[] = [];

  constructor(readonly size: [number, number]) {}

  drawText(text: string, options: { x: number; y: number; size: number; font: PdfFont; color: Colour }): void {
    this.operations.push(
      `BT /${options.font.resource} ${number(options.size)} Tf ${colourOps(options.color, 'rg')} ${number(options.x)} ${number(options.y)} Td ${textLiteral(text)} Tj ET`,
    );
  }

  drawRectangle(options: {
    x: number;
    y: number;
    width: number;
    height: number;
    color?: Colour;
    borderColor?: Colour;
    borderWidth?: number;
  }): void {
    const box = `${number(options.x)} ${number(options.y)} ${number(options.width)} ${number(options.height)} re`;
    if (options.color) this.operations.push(`q ${colourOps(options.color, 'rg')} ${box} f Q`);
    if (options.borderColor) {
      this.operations.push(
        `q ${colourOps(options.borderColor, 'RG')} ${number(options.borderWidth ?? 1)} w ${box} S Q`,
      );
    }
  }

  drawLine(options: {
    start: { x: number; y: number };
    end: { x: number; y: number };
    thickness: number;
    color: Colour;
  }): void {
    this.operations.push(
      `q ${colourOps(options.color, 'RG')} ${number(options.thickness)} w ${number(options.start.x)} ${number(options.start.y)} m ${number(options.end.x)} ${number(options.end.y)} l S Q`,
    );
  }
}

export class PdfDocument {
  readonly pages: PdfPage[] = [];
  info: { title?: string; author?: string; producer?: string; creationDate?: Date } = {};

  addPage(size: [number, number]): PdfPage {
    const page = new PdfPage(size);
    this.pages.push(page);
    return page;
  }

  /** The file: header, objects, cross-reference table, trailer. */
  save(): Uint8Array {
    const chunks: Buffer[] = [];
    const offsets: number[] = [];
    let length = 0;
    const write = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
      chunks.push(buffer);
      length += buffer.length;
    };
    const object = (id: number, body: string | Buffer[]) => {
      offsets[id] = length;
      write(`${id} 0 obj\n`);
      if (typeof body === 'string') write(body);
      else for (const part of body) write(part);
      write('\nendobj\n');
    };
    // 1 catalog, 2 page tree, 3 to 6 the fonts, 7 the information, then a page and its content per page.
    const firstFont = 3;
    const infoId = firstFont + fonts.length;
    const firstPage = infoId + 1;
    const pageIds = this.pages.map((_, index) => firstPage + index * 2);
    write('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n');
    object(1, '<< /Type /Catalog /Pages 2 0 R >>');
    object(2, `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${this.pages.length} >>`);
    fonts.forEach((font, index) =>
      object(
        firstFont + index,
        `<< /Type /Font /Subtype /Type1 /BaseFont /${font.baseFont} /Encoding /WinAnsiEncoding >>`,
      ),
    );
    const created = this.info.creationDate ?? new Date();
    const pdfDate = `D:${created.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
    object(
      infoId,
      `<< ${this.info.title ? `/Title ${infoString(this.info.title)} ` : ''}${this.info.author ? `/Author ${infoString(this.info.author)} ` : ''}${this.info.producer ? `/Producer ${infoString(this.info.producer)} ` : ''}/CreationDate (${pdfDate}) >>`,
    );
    const fontResources = fonts.map((font, index) => `/${font.resource} ${firstFont + index} 0 R`).join(' ');
    this.pages.forEach((page, index) => {
      const id = pageIds[index]!;
      object(
        id,
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${number(page.size[0])} ${number(page.size[1])}] /Resources << /Font << ${fontResources} >> >> /Contents ${id + 1} 0 R >>`,
      );
      const content = deflateSync(Buffer.from(page.operations.join('\n'), 'latin1'));
      object(id + 1, [
        Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
        content,
        Buffer.from('\nendstream', 'latin1'),
      ]);
    });
    const objectCount = firstPage + this.pages.length * 2;
    const xref = length;
    write(`xref\n0 ${objectCount}\n0000000000 65535 f \n`);
    for (let id = 1; id < objectCount; id += 1) write(`${String(offsets[id] ?? 0).padStart(10, '0')} 00000 n \n`);
    write(`trailer\n<< /Size ${objectCount} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
    return new Uint8Array(Buffer.concat(chunks, length));
  }
}
