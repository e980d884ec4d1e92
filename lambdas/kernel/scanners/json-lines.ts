// JSON Lines (subfinder -oJ, httpx -json, nuclei -jsonl): one object per line, read one line at a time.
import { readLines, type ByteChunks } from './byte-source.js';
import { isObject, type JsonObject } from './field-values.js';
import { ImportFormatError } from './import-format-error.js';

export interface JsonLine {
  object: JsonObject;
  line: number;
}

/** `expected` names the format for messages ("nuclei JSONL"). Blank lines are skipped; an empty file is an error. */
export async function* readJsonLines(
  chunks: ByteChunks,
  expected: string,
  inputName?: string,
): AsyncGenerator<JsonLine> {
  let any = false;
  for await (const { text, number } of readLines(chunks, inputName)) {
    if (text.trim() === '') continue;
    any = true;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      // JSON.parse's own message quotes the line; the line number is enough and shows nothing of the file.
      throw new ImportFormatError(`The line is not JSON; ${expected} has one JSON object per line`, {
        line: number,
        input: inputName,
      });
    }
    if (!isObject(value)) {
      throw new ImportFormatError(`The line is JSON but not an object; ${expected} has one JSON object per line`, {
        line: number,
        input: inputName,
      });
    }
    yield { object: value, line: number };
  }
  if (!any) throw new ImportFormatError('The file is empty', { input: inputName });
}
