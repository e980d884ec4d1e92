// A streaming JSON reader (@streamparser/json) for whole-document formats (ZAP traditional-json, Prowler
// OCSF): it hands over the values at the requested paths as they complete and keeps nothing else, so a
// 200 MB array costs one element of memory. Errors name the line they were found on.
import { JSONParser } from '@streamparser/json';
import type { ByteChunks } from './byte-source.js';
import { ImportFormatError } from './import-format-error.js';

export interface JsonValue {
  /** Keys from the root to the value, e.g. `['site', 0, 'alerts', 3, 'pluginid']`. */
  path: ReadonlyArray<string | number>;
  value: unknown;
}

export interface JsonReadOptions {
  /** JSONPath-like selectors of @streamparser/json: `$.*`, `$.site.*.alerts.*.pluginid`. */
  paths: string[];
  /** What the document must be: refusing the wrong root early keeps `$.*` from taking a huge object whole. */
  root: 'array' | 'object';
  /** Names the format in messages: "a Prowler OCSF JSON array". */
  expected: string;
  inputName?: string;
}

const newline = 0x0a;
const whitespace = new Set([0x20, 0x09, 0x0a, 0x0d]);

export async function* readJsonValues(chunks: ByteChunks, options: JsonReadOptions): AsyncGenerator<JsonValue> {
  const parser = new JSONParser({ paths: options.paths, keepStack: false });
  const queue: JsonValue[] = [];
  let ended = false;
  let linesBefore = 0;
  let rootChecked = false;
  parser.onValue = ({ value, key, stack }) => {
    const path: Array<string | number> = [];
    for (const entry of stack) if (entry.key !== undefined) path.push(entry.key);
    if (key !== undefined) path.push(key);
    queue.push({ path, value });
  };
  parser.onEnd = () => {
    ended = true;
  };

  const fail = (message: string, line: number): never => {
    throw new ImportFormatError(message, { line, input: options.inputName });
  };

  for await (const chunk of chunks) {
    let start = 0;
    if (!rootChecked) {
      // A byte-order mark, then whitespace, then the root's first byte.
      if (linesBefore === 0 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) start = 3;
      while (start < chunk.length && whitespace.has(chunk[start] ?? 0)) start += 1;
      if (start < chunk.length) {
        rootChecked = true;
        const opener = chunk[start];
        const wanted = options.root === 'array' ? 0x5b : 0x7b;
        if (opener !== wanted) {
          fail(
            `Expected ${options.expected}, but the file does not start with "${options.root === 'array' ? '[' : '{'}"`,
            linesBefore + countNewlines(chunk, 0, start) + 1,
          );
        }
      }
    }
    if (ended) {
      if (chunk.subarray(start).some((byte) => !whitespace.has(byte))) {
        fail('There is more after the end of the JSON document', linesBefore + 1);
      }
    } else {
      try {
        parser.write(chunk.subarray(start));
      } catch (error) {
        fail(describeJsonError(error), linesBefore + errorLine(error, chunk, start));
      }
    }
    linesBefore += countNewlines(chunk, 0, chunk.length);
    yield* queue.splice(0);
  }
  if (!rootChecked) fail('The file is empty', 1);
  if (!ended) {
    try {
      parser.end();
    } catch {
      fail(`The JSON ends in the middle of a value: the file looks cut short`, linesBefore + 1);
    }
  }
  yield* queue.splice(0);
}

function countNewlines(chunk: Buffer, from: number, to: number): number {
  let count = 0;
  let at = chunk.indexOf(newline, from);
  while (at !== -1 && at < to) {
    count += 1;
    at = chunk.indexOf(newline, at + 1);
  }
  return count;
}

/** The tokenizer reports `chunk position "N"`: the 1-based line within this chunk. */
function errorLine(error: unknown, chunk: Buffer, offset: number): number {
  const message = error instanceof Error ? error.message : '';
  const position = /chunk position "(\d+)"/.exec(message)?.[1];
  if (position === undefined) return 1;
  return countNewlines(chunk, 0, offset + Number(position)) + 1;
}

/** The library's message quotes one character of the file; that is kept, its internal state names are not. */
function describeJsonError(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const unexpected = /Unexpected ("[^"]*"|[A-Z_]+ \("[^"]*"\))/.exec(message)?.[1];
  if (/state ENDED/.test(message)) return 'There is more after the end of the JSON document';
  return unexpected ? `The JSON is not valid: unexpected ${unexpected}` : 'The JSON is not valid';
}
