// A V8 string holds at most ~512 MiB (buffer.constants.MAX_STRING_LENGTH), so
// the invoices of a million-invoice world cannot be read as one string. Such
// files are read as bytes and parsed one array element at a time: a scan only
// tracks strings and nesting to find where each element ends, and JSON.parse
// checks each element. Structural bytes are ASCII, so multi-byte UTF-8 text
// cannot be mistaken for them.
import fs from 'node:fs';

// Files up to this size are parsed whole, keeping JSON.parse's own error positions.
const WHOLE_FILE_LIMIT = 128 * 1024 * 1024;

const [QUOTE, BACKSLASH, COMMA, COLON, OPEN, CLOSE, OPEN_BRACE, CLOSE_BRACE] = [...'"\\,:[]{}'].map((c) => c.charCodeAt(0));
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

function skipSpace(bytes: Buffer, from: number): number {
  let i = from;
  while (i < bytes.length && isSpace(bytes[i])) i++;
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

function unexpected(bytes: Buffer, i: number): JsonSyntaxError {
  return i >= bytes.length
    ? new JsonSyntaxError('unexpected end of the data', bytes.length)
    : new JsonSyntaxError(`unexpected "${String.fromCharCode(bytes[i])}"`, i);
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

/** Where the JSON value starting at `from` ends (one past its last byte); JSON.parse checks what is inside. */
function valueEnd(bytes: Buffer, from: number): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < bytes.length; i++) {
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
  if (depth > 0 || inString) throw unexpected(bytes, bytes.length);
  return bytes.length;
}

function parseValue(bytes: Buffer, from: number): { value: unknown; end: number } {
  if (from >= bytes.length) throw unexpected(bytes, from);
  const end = valueEnd(bytes, from);
  if (end === from) throw unexpected(bytes, from);
  return { value: parseAt(bytes.toString('utf8', from, end), from), end };
}

/**
 * Gives a value already held for an array element whose JSON text is `bytes[start, end)`, or
 * undefined to have the text parsed: `index` is the element's place in the array named `key`.
 */
export type Reuse = (key: string, index: number, bytes: Buffer, start: number, end: number) => unknown;

/** The array starting at `from`, element by element, and where it ends; `reuse` may stand in for an element's parse. */
function readArray(
  bytes: Buffer,
  from: number,
  reuse?: (index: number, start: number, end: number) => unknown,
): { rows: unknown[]; end: number } {
  if (bytes[from] !== OPEN) throw new JsonSyntaxError('expected a JSON array', from);
  const rows: unknown[] = [];
  let i = skipSpace(bytes, from + 1);
  if (bytes[i] === CLOSE) return { rows, end: i + 1 };
  for (;;) {
    const { value, end } = reuse ? reusedValue(bytes, i, rows.length, reuse) : parseValue(bytes, i);
    rows.push(value);
    i = skipSpace(bytes, end);
    if (bytes[i] === CLOSE) return { rows, end: i + 1 };
    if (bytes[i] !== COMMA) throw unexpected(bytes, i);
    i = skipSpace(bytes, i + 1);
  }
}

function expectEnd(bytes: Buffer, from: number): void {
  const i = skipSpace(bytes, from);
  if (i !== bytes.length) throw new JsonSyntaxError('unexpected data after the value', i);
}

/** A JSON array read from bytes, element by element. */
export function parseArrayInParts(bytes: Buffer): unknown[] {
  const { rows, end } = readArray(bytes, skipSpace(bytes, 0));
  expectEnd(bytes, end);
  return rows;
}

function reusedValue(bytes: Buffer, from: number, index: number, reuse: (index: number, start: number, end: number) => unknown) {
  if (from >= bytes.length) throw unexpected(bytes, from);
  const end = valueEnd(bytes, from);
  if (end === from) throw unexpected(bytes, from);
  const held = reuse(index, from, end);
  return { value: held === undefined ? parseAt(bytes.toString('utf8', from, end), from) : held, end };
}

/**
 * A JSON object read from bytes: arrays among its values element by element, other values whole.
 * With `reuse`, an array element it recognises is not parsed (a data file's rows equal to the seed's).
 */
export function parseObjectInParts(bytes: Buffer, reuse?: Reuse): Record<string, unknown> {
  let i = skipSpace(bytes, 0);
  if (bytes[i] !== OPEN_BRACE) throw new JsonSyntaxError('expected a JSON object', i);
  const object: Record<string, unknown> = {};
  i = skipSpace(bytes, i + 1);
  if (bytes[i] === CLOSE_BRACE) {
    expectEnd(bytes, i + 1);
    return object;
  }
  for (;;) {
    if (bytes[i] !== QUOTE) throw unexpected(bytes, i);
    const key = parseValue(bytes, i);
    i = skipSpace(bytes, key.end);
    if (bytes[i] !== COLON) throw unexpected(bytes, i);
    i = skipSpace(bytes, i + 1);
    let end: number;
    const name = key.value as string;
    const held = reuse && ((index: number, start: number, stop: number) => reuse(name, index, bytes, start, stop));
    if (bytes[i] === OPEN) ({ rows: object[name], end } = readArray(bytes, i, held));
    else ({ value: object[name], end } = parseValue(bytes, i));
    i = skipSpace(bytes, end);
    if (bytes[i] === CLOSE_BRACE) break;
    if (bytes[i] !== COMMA) throw unexpected(bytes, i);
    i = skipSpace(bytes, i + 1);
  }
  expectEnd(bytes, i + 1);
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
  return bytes[skipSpace(bytes, 0)] === OPEN_BRACE ? parseObjectInParts(bytes) : parseArrayInParts(bytes);
}
