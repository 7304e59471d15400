// Where things are in a fixture file, as line and column (both from 1), for
// messages a user can jump to. Only a world with a problem or a warning pays
// for this: the file is read again and scanned once, as bytes, so a file too
// big for one string is located too. Columns count bytes, which is characters
// for the ASCII that JSON's structure is made of.

const [QUOTE, BACKSLASH, COLON, COMMA, OPEN, CLOSE, OPEN_BRACE, CLOSE_BRACE, NEWLINE] = [...'"\\:,[]{}\n'].map((c) => c.charCodeAt(0));
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

export interface Place {
  line: number;
  column: number;
}

/** Finds line and column of byte offsets in one file. */
export class Lines {
  private readonly starts: number[] = [0];

  constructor(readonly bytes: Buffer) {
    for (let i = bytes.indexOf(NEWLINE); i >= 0; i = bytes.indexOf(NEWLINE, i + 1)) this.starts.push(i + 1);
  }

  at(offset: number): Place {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.starts[low] + 1 };
  }
}

/** The byte offset of a UTF-16 index into the file's text (JSON.parse reports those). */
export function byteOffset(text: string, index: number): number {
  return Buffer.byteLength(text.slice(0, index));
}

export interface RecordPlace {
  start: number;
  /** The record's own keys, each where it starts. */
  keys: Map<string, number>;
}

/**
 * Where each element of the top-level array starts, and, for an element that is
 * an object, where each of its own keys starts. One pass over the bytes; only
 * strings and nesting are tracked, as JSON.parse already accepted the file.
 */
export function recordPlaces(bytes: Buffer): RecordPlace[] {
  const records: RecordPlace[] = [];
  let depth = 0;
  let expecting = false;
  let current: RecordPlace | undefined;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (isSpace(c)) continue;
    if (depth === 1 && expecting && c !== CLOSE) {
      current = { start: i, keys: new Map() };
      records.push(current);
      expecting = false;
    }
    if (c === QUOTE) {
      const start = i;
      for (i++; i < bytes.length && bytes[i] !== QUOTE; i++) if (bytes[i] === BACKSLASH) i++;
      if (depth !== 2 || !current) continue;
      let next = i + 1;
      while (next < bytes.length && isSpace(bytes[next])) next++;
      if (bytes[next] !== COLON) continue;
      const key = JSON.parse(bytes.toString('utf8', start, i + 1)) as string;
      if (!current.keys.has(key)) current.keys.set(key, start);
    } else if (c === OPEN || c === OPEN_BRACE) {
      depth++;
      if (depth === 1) expecting = true;
    } else if (c === CLOSE || c === CLOSE_BRACE) depth--;
    else if (c === COMMA && depth === 1) expecting = true;
  }
  return records;
}

/** The offset just past the string starting at `at` (its opening quote). */
function pastString(bytes: Buffer, at: number): number {
  for (let i = at + 1; i < bytes.length; i++) {
    if (bytes[i] === BACKSLASH) i++;
    else if (bytes[i] === QUOTE) return i + 1;
  }
  return bytes.length;
}

const skipSpace = (bytes: Buffer, at: number): number => {
  let i = at;
  while (i < bytes.length && isSpace(bytes[i])) i++;
  return i;
};

/** The offset just past the value starting at `at` (JSON.parse accepted the file, so it is well formed). */
function pastValue(bytes: Buffer, at: number): number {
  const first = bytes[at];
  if (first === QUOTE) return pastString(bytes, at);
  if (first !== OPEN && first !== OPEN_BRACE) {
    let i = at;
    while (i < bytes.length && !isSpace(bytes[i]) && bytes[i] !== COMMA && bytes[i] !== CLOSE && bytes[i] !== CLOSE_BRACE) i++;
    return i;
  }
  let depth = 0;
  for (let i = at; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === QUOTE) i = pastString(bytes, i) - 1;
    else if (c === OPEN || c === OPEN_BRACE) depth++;
    else if ((c === CLOSE || c === CLOSE_BRACE) && --depth === 0) return i + 1;
  }
  return bytes.length;
}

/**
 * Where the value at `steps` (keys of objects, indexes of lists, from the
 * document's root) starts, or undefined when there is none. Without
 * recursion or parsing: the scan walks into one value at a time.
 */
export function valuePlace(bytes: Buffer, steps: readonly (string | number)[]): number | undefined {
  let at = skipSpace(bytes, 0);
  for (const step of steps) {
    const open = bytes[at];
    if (open !== OPEN && open !== OPEN_BRACE) return undefined;
    let i = skipSpace(bytes, at + 1);
    let found: number | undefined;
    for (let index = 0; i < bytes.length && bytes[i] !== CLOSE && bytes[i] !== CLOSE_BRACE; index++) {
      let matches = open === OPEN && step === index;
      if (open === OPEN_BRACE) {
        const end = pastString(bytes, i);
        matches = JSON.parse(bytes.subarray(i, end).toString()) === step;
        i = skipSpace(bytes, end);
        i = skipSpace(bytes, i + 1); // the colon
      }
      if (matches) {
        found = i;
        break;
      }
      i = skipSpace(bytes, pastValue(bytes, i));
      if (bytes[i] === COMMA) i = skipSpace(bytes, i + 1);
    }
    if (found === undefined) return undefined;
    at = found;
  }
  return at;
}
