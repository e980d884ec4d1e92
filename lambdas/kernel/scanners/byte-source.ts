// Reading a scan file as a stream of chunks: byte counting for progress, a look at the first bytes for
// format detection without losing them, and line splitting for the line-based formats. Nothing here
// holds more than one chunk and one line.
import { StringDecoder } from 'node:string_decoder';
import { ImportFormatError } from './import-format-error.js';

/** A Node Readable, an S3 body stream, or any async iterable of chunks. */
export type ByteSource = AsyncIterable<Uint8Array | string>;

export type ByteChunks = AsyncIterable<Buffer>;

/** Adds up the bytes read across an import's inputs and tells the caller after each chunk. */
export class ByteCounter {
  bytesRead = 0;
  constructor(private readonly onProgress?: (bytesRead: number) => void) {}

  async *count(source: ByteSource): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      // A view, not a copy, of a Uint8Array; Buffers pass as they are.
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(chunk, 'utf8')
          : Buffer.isBuffer(chunk)
            ? chunk
            : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (buffer.length === 0) continue;
      this.bytesRead += buffer.length;
      this.onProgress?.(this.bytesRead);
      yield buffer;
    }
  }
}

/**
 * Reads chunks until `size` bytes (or the end) are in hand and returns them with a stream that yields
 * everything again from the first byte, so detection costs no second read of the file.
 */
export async function peekHead(source: ByteChunks, size: number): Promise<{ head: Buffer; chunks: ByteChunks }> {
  const iterator = source[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    taken.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(taken).subarray(0, size);
  async function* replay(): AsyncGenerator<Buffer> {
    try {
      yield* taken;
      taken.length = 0;
      if (done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      // A parser that stops early (bad input) must not leave the file's stream open.
      if (!done) await iterator.return?.();
    }
  }
  return { head, chunks: replay() };
}

export interface Line {
  text: string;
  /** 1-based. */
  number: number;
}

/** A line longer than this is not a scanner's line; refusing it bounds memory on a file with no newlines. */
export const maxLineLength = 16 * 1024 * 1024;

/** UTF-8 lines without their `\n` / `\r\n`, a byte-order mark dropped; characters split across chunks survive. */
export async function* readLines(chunks: ByteChunks, inputName?: string): AsyncGenerator<Line> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let number = 0;
  let first = true;
  const emit = (text: string): Line => {
    number += 1;
    if (first) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    return { text: text.endsWith('\r') ? text.slice(0, -1) : text, number };
  };
  for await (const chunk of chunks) {
    pending += decoder.write(chunk);
    let start = 0;
    let newline = pending.indexOf('\n');
    while (newline !== -1) {
      yield emit(pending.slice(start, newline));
      start = newline + 1;
      newline = pending.indexOf('\n', start);
    }
    pending = pending.slice(start);
    if (pending.length > maxLineLength) {
      throw new ImportFormatError('A line is longer than 16 MB; this is not a file of scanner results', {
        line: number + 1,
        input: inputName,
      });
    }
  }
  pending += decoder.end();
  if (pending !== '') yield emit(pending);
}
