// The bytes of an uploaded feed: gunzipped when they start with gzip's magic number (EPSS publishes its CSV
// gzipped), counted as they are read (for the import's progress), and cut into lines without holding the file.
import { createInterface } from 'node:readline';
import { PassThrough, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { ImportFormatError } from '../scanners/import-format-error.js';

/** Counts the raw bytes read through it. */
export interface ByteCount {
  bytesRead: number;
}

/** The feed's content, gunzipped when it is gzip, with the raw bytes counted into `count`. */
export async function feedContent(source: Readable, count: ByteCount = { bytesRead: 0 }): Promise<Readable> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await iterator.next();
  const head: Buffer = first.done ? Buffer.alloc(0) : Buffer.from(first.value);
  async function* raw(): AsyncGenerator<Buffer> {
    count.bytesRead += head.length;
    if (head.length) yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      const chunk = Buffer.from(next.value);
      count.bytesRead += chunk.length;
      yield chunk;
    }
  }
  const bytes = Readable.from(raw(), { objectMode: false });
  if (head[0] !== 0x1f || head[1] !== 0x8b) return bytes;
  const gunzip = createGunzip();
  const out = new PassThrough();
  gunzip.on('error', (error) => {
    out.destroy(new ImportFormatError(`The gzip data is damaged or cut short (${error.message})`));
  });
  bytes.on('error', (error) => out.destroy(error));
  bytes.pipe(gunzip).pipe(out);
  return out;
}

/** The lines of a text stream, numbered from 1, without their line ends. */
export async function* numberedLines(text: Readable): AsyncGenerator<{ line: number; text: string }> {
  const lines = createInterface({ input: text, crlfDelay: Infinity });
  let line = 0;
  for await (const content of lines) {
    line += 1;
    yield { line, text: content };
  }
}

/** The whole text of a small feed (KEV's catalogue is about 1.5 MB); refused past `limit` bytes. */
export async function wholeText(text: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of text) {
    const buffer = Buffer.from(chunk as Buffer);
    size += buffer.length;
    if (size > limit) throw new ImportFormatError(`The file holds more than ${limit} bytes: it is not a KEV catalogue`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
