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
