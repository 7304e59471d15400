// A V8 string holds at most ~512 MiB (buffer.constants.MAX_STRING_LENGTH), so
// the invoices of a million-invoice world cannot be read as one string. Such
// files are read as bytes and parsed one array element at a time: a scan only
// tracks strings and nesting to find where each element ends, and JSON.parse
// checks each element. Structural bytes are ASCII, so multi-byte UTF-8 text
// cannot be mistaken for them.
import fs from 'node:fs';

// Files up to this size are parsed whole, keeping JSON.parse's own error positions.
const WHOLE_FILE_LIMIT = 128 * 1024 * 1024;
// A file read in parts is read this much at a time (more when one element is longer).
const WINDOW = 16 * 1024 * 1024;

const [QUOTE, BACKSLASH, COMMA, COLON, OPEN, CLOSE, OPEN_BRACE, CLOSE_BRACE] = [...'"\\,:[]{}'].map((c) => c.charCodeAt(0));
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * The bytes of a JSON text: a whole buffer, or a file read a window at a time, so reading a
 * data file of 850 MB never holds all of it at once (bench/README.md, memory after a restart).
 * Positions are offsets in the whole text; the window keeps what the parser may still look at.
 */
class Source {
  private constructor(
    public bytes: Buffer,
    /** Bytes held, from the start of `bytes`. */
    public length: number,
    private readonly fd?: number,
  ) {}
  /** Where bytes[0] is in the text. */
  base = 0;
  private done = false;

  static whole(bytes: Buffer): Source {
    return new Source(bytes, bytes.length);
  }

  static file(fd: number, window: number): Source {
    const source = new Source(Buffer.allocUnsafe(window), 0, fd);
    source.more(0);
    return source;
  }

  /** One past the last byte held. */
  get end(): number {
    return this.base + this.length;
  }

  /** The byte at `pos`, or -1 past the end of the text; reading on drops the bytes before `pos`. */
  at(pos: number): number {
    while (pos >= this.end) if (!this.more(pos)) return -1;
    return this.bytes[pos - this.base];
  }

  /** Reads on, keeping the bytes from `keep` (at most end); false at the end of the text. */
  more(keep: number): boolean {
    if (this.fd === undefined || this.done) return false;
    const from = keep - this.base;
    const left = this.length - from;
    if (left >= this.bytes.length / 2) {
      const bigger = Buffer.allocUnsafe(this.bytes.length * 2);
      this.bytes.copy(bigger, 0, from, this.length);
      this.bytes = bigger;
    } else this.bytes.copy(this.bytes, 0, from, this.length);
    this.base = keep;
    this.length = left;
    const read = fs.readSync(this.fd, this.bytes, left, this.bytes.length - left, null);
    if (read === 0) this.done = true;
    this.length += read;
    return read > 0;
  }

  text(from: number, end: number): string {
    return this.bytes.toString('utf8', from - this.base, end - this.base);
  }
}

function skipSpace(source: Source, from: number): number {
  let i = from;
  for (let c = source.at(i); c !== -1 && isSpace(c); c = source.at(i)) i++;
  return i;
}

/** A syntax error and the byte it was found at, so a message can give its line and column. */
export class JsonSyntaxError extends SyntaxError {
  constructor(
    readonly reason: string,
    readonly byte: number,
  ) {
    super(`${reason} at byte ${byte}`);
  }
}

function unexpected(source: Source, i: number): JsonSyntaxError {
  const c = source.at(i);
  return c === -1
    ? new JsonSyntaxError('unexpected end of the data', source.end)
    : new JsonSyntaxError(`unexpected "${String.fromCharCode(c)}"`, i);
}

/** JSON.parse of `text`, its error turned into a JsonSyntaxError at the byte `from` + where it stopped. */
function parseAt(text: string, from: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const index = /at position (\d+)/.exec(message);
    const at = index ? Buffer.byteLength(text.slice(0, Number(index[1]))) : Buffer.byteLength(text);
    throw new JsonSyntaxError(message.replace(/ in JSON at position \d+.*$/, '').replace(/ JSON input$/, ' of the data'), from + at);
  }
}

// What scanEnd says when the bytes held end before the value does: inside a string or nesting, or between tokens.
const [INSIDE, OUTSIDE] = [-1, -2];

/** Where the value starting at bytes[from] ends, within bytes[0, limit), or INSIDE / OUTSIDE when it goes on past them. */
function scanEnd(bytes: Buffer, from: number, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < limit; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) {
        inString = false;
        if (depth === 0) return i + 1;
      }
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN || c === OPEN_BRACE) depth++;
    else if (c === CLOSE || c === CLOSE_BRACE) {
      if (depth === 0) return i;
      if (--depth === 0) return i + 1;
    } else if (depth === 0 && (c === COMMA || isSpace(c))) return i;
  }
  return depth > 0 || inString ? INSIDE : OUTSIDE;
}

/** Where the JSON value starting at `from` ends (one past its last byte); JSON.parse checks what is inside. */
function valueEnd(source: Source, from: number): number {
  for (;;) {
    const end = scanEnd(source.bytes, from - source.base, source.length);
    if (end >= 0) return end + source.base;
    if (!source.more(from)) {
      if (end === INSIDE) throw unexpected(source, source.end);
      return source.end;
    }
  }
}

function parseValue(source: Source, from: number): { value: unknown; end: number } {
  if (source.at(from) === -1) throw unexpected(source, from);
  const end = valueEnd(source, from);
  if (end === from) throw unexpected(source, from);
  return { value: parseAt(source.text(from, end), from), end };
}

/**
 * Gives a value already held for an array element whose JSON text is `bytes[start, end)`, or
 * undefined to have the text parsed: `index` is the element's place in the array named `key`.
 */
export type Reuse = (key: string, index: number, bytes: Buffer, start: number, end: number) => unknown;

type Held = (index: number, bytes: Buffer, start: number, end: number) => unknown;

function reusedValue(source: Source, from: number, index: number, reuse: Held): { value: unknown; end: number } {
  if (source.at(from) === -1) throw unexpected(source, from);
  const end = valueEnd(source, from);
  if (end === from) throw unexpected(source, from);
  const held = reuse(index, source.bytes, from - source.base, end - source.base);
  return { value: held === undefined ? parseAt(source.text(from, end), from) : held, end };
}

/** The array starting at `from`, element by element, and where it ends; `reuse` may stand in for an element's parse. */
function readArray(source: Source, from: number, reuse?: Held): { rows: unknown[]; end: number } {
  if (source.at(from) !== OPEN) throw new JsonSyntaxError('expected a JSON array', from);
  const rows: unknown[] = [];
  let i = skipSpace(source, from + 1);
  if (source.at(i) === CLOSE) return { rows, end: i + 1 };
  for (;;) {
    const { value, end } = reuse ? reusedValue(source, i, rows.length, reuse) : parseValue(source, i);
    rows.push(value);
    i = skipSpace(source, end);
    if (source.at(i) === CLOSE) return { rows, end: i + 1 };
    if (source.at(i) !== COMMA) throw unexpected(source, i);
    i = skipSpace(source, i + 1);
  }
}

function expectEnd(source: Source, from: number): void {
  const i = skipSpace(source, from);
  if (source.at(i) !== -1) throw new JsonSyntaxError('unexpected data after the value', i);
}

/** A JSON array read from bytes, element by element. */
export function parseArrayInParts(bytes: Buffer): unknown[] {
  const source = Source.whole(bytes);
  const { rows, end } = readArray(source, skipSpace(source, 0));
  expectEnd(source, end);
  return rows;
}

/**
 * A JSON object read from bytes: arrays among its values element by element, other values whole.
 * With `reuse`, an array element it recognises is not parsed (a data file's rows equal to the seed's).
 */
export function parseObjectInParts(bytes: Buffer, reuse?: Reuse): Record<string, unknown> {
  return readObject(Source.whole(bytes), reuse);
}

/** parseObjectInParts of a file, read `window` bytes at a time (tests make it small to cross its edges). */
export function readObjectFileInParts(file: string, reuse?: Reuse, window = WINDOW): Record<string, unknown> {
  const fd = fs.openSync(file, 'r');
  try {
    return readObject(Source.file(fd, window), reuse);
  } finally {
    fs.closeSync(fd);
  }
}

function readObject(source: Source, reuse?: Reuse): Record<string, unknown> {
  let i = skipSpace(source, 0);
  if (source.at(i) !== OPEN_BRACE) throw new JsonSyntaxError('expected a JSON object', i);
  const object: Record<string, unknown> = {};
  i = skipSpace(source, i + 1);
  if (source.at(i) === CLOSE_BRACE) {
    expectEnd(source, i + 1);
    return object;
  }
  for (;;) {
    if (source.at(i) !== QUOTE) throw unexpected(source, i);
    const key = parseValue(source, i);
    i = skipSpace(source, key.end);
    if (source.at(i) !== COLON) throw unexpected(source, i);
    i = skipSpace(source, i + 1);
    let end: number;
    const name = key.value as string;
    const held: Held | undefined = reuse && ((index, bytes, start, stop) => reuse(name, index, bytes, start, stop));
    if (source.at(i) === OPEN) ({ rows: object[name], end } = readArray(source, i, held));
    else ({ value: object[name], end } = parseValue(source, i));
    i = skipSpace(source, end);
    if (source.at(i) === CLOSE_BRACE) break;
    if (source.at(i) !== COMMA) throw unexpected(source, i);
    i = skipSpace(source, i + 1);
  }
  expectEnd(source, i + 1);
  return object;
}

/**
 * A JSON file's value: parsed whole when it fits a string comfortably, else in parts (an array or an
 * object of arrays). A syntax error is a JsonSyntaxError naming the byte.
 */
export function readJsonFile(file: string): unknown {
  return parseJson(fs.readFileSync(file));
}

/** readJsonFile for bytes already read. */
export function parseJson(bytes: Buffer): unknown {
  if (bytes.length <= WHOLE_FILE_LIMIT) return parseAt(bytes.toString('utf8'), 0);
  const source = Source.whole(bytes);
  return source.at(skipSpace(source, 0)) === OPEN_BRACE ? parseObjectInParts(bytes) : parseArrayInParts(bytes);
}
