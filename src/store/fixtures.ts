import fs from 'node:fs';
import path from 'node:path';
import type { ErrorObject } from 'ajv';
import { allSchemas, collectionRef, COLLECTIONS_ID, strictValidator } from '../schemas.js';
import type { Collections } from '../generated/wire.js';

export class FixtureError extends Error {}

// The collections are the properties of schemas/resources/collections.json,
// read from the schema itself so a new collection needs no second list.
const collectionsSchema = allSchemas().find((schema) => schema.$id === COLLECTIONS_ID) as { properties: Record<string, unknown> };
export const COLLECTION_NAMES = Object.keys(collectionsSchema.properties) as (keyof Collections)[];

/** Reads one JSON file per collection from dir; a missing file is an empty collection. */
export function readFixtures(dir: string): Collections {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new FixtureError(`fixtures folder ${dir} does not exist`);
  if (!COLLECTION_NAMES.some((name) => fs.existsSync(path.join(dir, `${name}.json`)))) {
    throw new FixtureError(
      `fixtures folder ${dir} holds none of the collection files (${COLLECTION_NAMES.slice(0, 3).join('.json, ')}.json, ...)`,
    );
  }
  const data = {} as Record<string, unknown>;
  for (const name of COLLECTION_NAMES) {
    const file = path.join(dir, `${name}.json`);
    if (!fs.existsSync(file)) {
      data[name] = [];
      continue;
    }
    try {
      data[name] = parseFile(file);
    } catch (error) {
      throw new FixtureError(`${file}: not valid JSON (${(error as Error).message})`);
    }
  }
  return data as unknown as Collections;
}

// A V8 string holds at most ~512 MiB (buffer.constants.MAX_STRING_LENGTH), so
// the invoices of a million-invoice world cannot be read as one string. Files
// above this size are parsed one top-level array element at a time instead;
// smaller ones keep JSON.parse's own error positions.
const WHOLE_FILE_LIMIT = 128 * 1024 * 1024;

function parseFile(file: string): unknown {
  const bytes = fs.readFileSync(file);
  return bytes.length <= WHOLE_FILE_LIMIT ? JSON.parse(bytes.toString('utf8')) : parseArrayInParts(bytes);
}

const [QUOTE, BACKSLASH, COMMA, OPEN, CLOSE, OPEN_BRACE, CLOSE_BRACE] = [...'"\\,[]{}'].map((c) => c.charCodeAt(0));
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

function skipSpace(bytes: Buffer, from: number): number {
  let i = from;
  while (i < bytes.length && isSpace(bytes[i])) i++;
  return i;
}

/**
 * A JSON array read from bytes: the scan only tracks strings and nesting to
 * find where each top-level element ends; JSON.parse checks each element.
 * Structural bytes are ASCII, so multi-byte UTF-8 text cannot be mistaken for them.
 */
export function parseArrayInParts(bytes: Buffer): unknown[] {
  let i = skipSpace(bytes, 0);
  if (bytes[i] !== OPEN) throw new SyntaxError('expected a JSON array');
  const rows: unknown[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  let closed = false;
  for (i++; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN || c === OPEN_BRACE) depth++;
    else if ((c === CLOSE || c === CLOSE_BRACE) && depth > 0) depth--;
    else if (c === CLOSE || (c === COMMA && depth === 0)) {
      if (start >= 0) rows.push(JSON.parse(bytes.toString('utf8', start, i)));
      else if (c === COMMA || rows.length > 0) throw new SyntaxError(`unexpected "${String.fromCharCode(c)}" at byte ${i}`);
      start = -1;
      if (c === CLOSE) {
        closed = true;
        break;
      }
      continue;
    }
    if (start < 0 && !isSpace(c)) start = i;
  }
  if (!closed) throw new SyntaxError('unexpected end of the array');
  if (skipSpace(bytes, i + 1) !== bytes.length) throw new SyntaxError(`unexpected data after the array at byte ${i + 1}`);
  return rows;
}

/** Validates every collection against its resource schema; the error names file, record and field. */
export function validateCollections(data: Collections, where: string): void {
  for (const name of COLLECTION_NAMES) {
    const check = strictValidator(collectionRef(name));
    const rows = data[name] as unknown;
    if (!check(rows)) throw new FixtureError(describe(where, name, rows, check.errors![0]));
    const seen = new Set<string>();
    for (const row of rows as { id: string }[]) {
      if (seen.has(row.id)) throw new FixtureError(`${path.join(where, `${name}.json`)}: id "${row.id}" appears more than once`);
      seen.add(row.id);
    }
  }
}

function describe(where: string, name: string, rows: unknown, error: ErrorObject): string {
  const file = path.join(where, `${name}.json`);
  const [index, ...field] = error.instancePath.split('/').slice(1);
  if (index === undefined) return `${file}: must be an array of ${name} records`;
  const row = (rows as Record<string, unknown>[])[Number(index)];
  const id = row && typeof row.id === 'string' ? ` (id "${row.id}")` : '';
  const missing = error.keyword === 'required' ? [String(error.params.missingProperty)] : [];
  const extra = error.keyword === 'additionalProperties' ? [String(error.params.additionalProperty)] : [];
  const fieldName = [...field, ...missing, ...extra].join('.') || '(record)';
  const why =
    error.keyword === 'required'
      ? 'is missing'
      : error.keyword === 'additionalProperties'
        ? 'is not a known field'
        : (error.parentSchema as { description?: string })?.description
          ? `must be ${(error.parentSchema as { description: string }).description}`
          : error.message;
  return `${file}: record ${index}${id}, field ${fieldName} ${why}`;
}

export function loadFixtures(dir: string): Collections {
  const data = readFixtures(dir);
  validateCollections(data, dir);
  return data;
}
