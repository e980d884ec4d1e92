// Reading a scan file as a stream of chunks: byte counting for progress, a look at the first bytes for
// format detection without losing them, and line splitting for the line-based formats. Nothing here
// holds more than one chunk and one line.
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

/**
 * UTF-8 lines without their `\n` / `\r\n`, a byte-order mark dropped; characters split across chunks survive.
 * Lines are found in the bytes ('\n' is never part of a multi-byte character) and only each line is decoded:
 * no string of a chunk and the rest of the previous one is built per chunk (at 64 KB and more, such strings
 * land in V8's large-object space, which only a full collection frees: the import's resident memory grew by
 * them).
 */
export async function* readLines(chunks: ByteChunks, inputName?: string): AsyncGenerator<Line> {
  /** The start of a line that continues in the next chunk. */
  const pending: Buffer[] = [];
  let pendingBytes = 0;
  let number = 0;
  const emit = (bytes: Buffer): Line => {
    number += 1;
    let end = bytes.length;
    if (end > 0 && bytes[end - 1] === 0x0d) end -= 1;
    // The byte-order mark (EF BB BF) of the first line.
    const start = number === 1 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    return { text: bytes.toString('utf8', start, Math.max(start, end)), number };
  };
  const joined = (last: Buffer) => {
    if (!pending.length) return last;
    const line = Buffer.concat([...pending, last]);
    pending.length = 0;
    pendingBytes = 0;
    return line;
  };
  for await (const chunk of chunks) {
    let start = 0;
    let newline = chunk.indexOf(0x0a);
    while (newline !== -1) {
      yield emit(joined(chunk.subarray(start, newline)));
      start = newline + 1;
      newline = chunk.indexOf(0x0a, start);
    }
    if (start < chunk.length) {
      // A copy: a chunk may be a view of a larger buffer that would otherwise stay alive with it.
      const rest = Buffer.from(chunk.subarray(start));
      pending.push(rest);
      pendingBytes += rest.length;
    }
    if (pendingBytes > maxLineLength) {
      throw new ImportFormatError('A line is longer than 16 MB; this is not a file of scanner results', {
        line: number + 1,
        input: inputName,
      });
    }
  }
  if (pendingBytes > 0) yield emit(joined(Buffer.alloc(0)));
}
