// The one error a scan file's content can cause: a message a person can act on, naming the line or
// element where there is one. Library errors are turned into this at the parser's edge, so no stack
// trace or library internals become the message an analyst reads.
import { InvalidArgumentError } from '../errors.js';

export interface ImportErrorLocation {
  /** 1-based line of the file. */
  line?: number;
  /** The XML element being read. */
  element?: string;
  /** Which of the import's files, when there are two (password audits). */
  input?: string;
}

export class ImportFormatError extends InvalidArgumentError {
  readonly line?: number;
  readonly element?: string;
  readonly input?: string;

  constructor(message: string, location: ImportErrorLocation = {}) {
    super(withLocation(message, location), location);
    this.line = location.line;
    this.element = location.element;
    this.input = location.input;
  }
}

function withLocation(message: string, { line, element, input }: ImportErrorLocation): string {
  const where = [input && `in the ${input}`, line !== undefined && `line ${line}`, element && `<${element}>`]
    .filter(Boolean)
    .join(', ');
  return where ? `${message} (${where})` : message;
}
