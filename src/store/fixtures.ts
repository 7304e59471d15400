import fs from 'node:fs';
import path from 'node:path';
import type { ErrorObject } from 'ajv';
import { allSchemas, collectionRef, COLLECTIONS_ID, strictValidator, type Validator } from '../schemas.js';
import { collectionNames } from '../generated/validator-names.js';
import { makeAjv } from '../schema-files.js';
import type { Collections } from '../generated/wire.js';
import { JsonSyntaxError, parseJson } from './json-parts.js';
import { lazyCollections } from './lazy.js';
import { digestFolder, fileDigest, stampOf, stampsOf, type Verdict, type Verdicts, WorldDigest } from './verdicts.js';
import { fitPasted, hashPlainPassword, withStubIds, type Fix } from './paste.js';
import { Lines, recordPlaces } from './positions.js';
import { danglingReferences } from './references.js';

export { parseArrayInParts } from './json-parts.js';

// A start that fails on a world with thousands of problems shows the first ones, not a screenful per record.
const SHOWN = 100;

/** A world that cannot be loaded; `problems` lists every one found, each a line of the message. */
export class FixtureError extends Error {
  readonly problems: string[];

  constructor(message: string, problems: string[] = [message]) {
    super(message);
    this.problems = problems;
  }

  /** One error for all of a world's problems: the problem itself when alone, else a count and one per line (the first SHOWN). */
  static of(where: string, problems: string[]): FixtureError {
    if (problems.length === 1) return new FixtureError(problems[0], problems);
    const more = problems.length > SHOWN ? [`... and ${problems.length - SHOWN} more`] : [];
    return new FixtureError(
      `${where} has ${problems.length} problems:\n  ${[...problems.slice(0, SHOWN), ...more].join('\n  ')}`,
      problems,
    );
  }
}

// The collections are the properties of schemas/resources/collections.json,
// listed by the generator from the schema itself (so a new collection needs no
// second list), which spares a start reading every schema.
export const COLLECTION_NAMES = collectionNames as (keyof Collections)[];

/** A world as loaded: its collections, what was changed to make pasted records fit, and what could not be. */
export interface LoadedWorld {
  data: Collections;
  warnings: string[];
  problems: string[];
}

/** Something found in one collection (in one record when `index` is given, 0-based). */
interface Finding {
  collection: string;
  index?: number;
  field?: string;
  message: string;
  /** Where in the file, for a syntax error. */
  byte?: number;
}

/**
 * Reads a fixtures folder, one JSON file per collection (a missing file is an empty collection), and checks it all.
 * With `verdicts`, a world whose files were found clean before (the same bytes, the same checking code) is not
 * checked again: its collections are read when first used (src/store/verdicts.ts).
 */
export function readWorld(dir: string, verdicts?: Verdicts): LoadedWorld {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new FixtureError(`fixtures folder ${dir} does not exist`);
  if (!COLLECTION_NAMES.some((name) => fs.existsSync(path.join(dir, `${name}.json`)))) {
    throw new FixtureError(
      `fixtures folder ${dir} holds none of the collection files (${COLLECTION_NAMES.slice(0, 3).join('.json, ')}.json, ...)`,
    );
  }
  if (verdicts) {
    const stamps = stampsOf(dir, COLLECTION_NAMES);
    let folder = verdicts.digestOf(dir, stamps);
    if (folder === undefined) {
      const probe = digestFolder(dir, COLLECTION_NAMES);
      verdicts.putDigest(dir, probe);
      folder = { digest: probe.digest(), files: probe.files };
    }
    const known = verdicts.get(folder.digest);
    if (known) return readLater(dir, stamps, folder.files, known);
  }
  const digest = verdicts && new WorldDigest();
  const raw: Record<string, unknown> = {};
  const unreadable: Finding[] = [];
  for (const name of COLLECTION_NAMES) {
    const file = path.join(dir, `${name}.json`);
    const stamp = digest && stampOf(file);
    if (!fs.existsSync(file)) {
      digest?.add(name, undefined, undefined);
      raw[name] = [];
      continue;
    }
    try {
      const bytes = fs.readFileSync(file);
      digest?.add(name, stamp, bytes);
      raw[name] = parseJson(bytes);
    } catch (error) {
      const syntax = error instanceof JsonSyntaxError;
      const why = syntax ? error.reason : (error as Error).message;
      unreadable.push({ collection: name, message: `not valid JSON: ${why}`, byte: syntax ? error.byte : undefined });
    }
  }
  const fitted: Record<string, boolean> = {};
  const world = examine(raw, { paste: true, unreadable, where: { dir }, fitted });
  if (digest && world.problems.length === 0) {
    verdicts!.put(digest.digest(), { warnings: world.warnings, fitted });
    verdicts!.putDigest(dir, digest);
  }
  return world;
}

/**
 * A world found clean before: each collection is read when first used, except those whose
 * records were made to fit (read now, as that needs no check either). A file touched since
 * start is still read when its bytes are the ones found clean; one whose bytes changed is
 * refused when read rather than served unchecked (ChangedFixtureError, with what to do).
 */
function readLater(
  dir: string,
  stamps: ReadonlyMap<string, string | undefined>,
  files: ReadonlyMap<string, string | undefined>,
  verdict: Verdict,
): LoadedWorld {
  const data = lazyCollections(COLLECTION_NAMES, (name) => {
    const file = path.join(dir, `${name}.json`);
    const stamp = stamps.get(name);
    if (stamp === undefined && stampOf(file) === undefined) return [];
    const bytes = fs.existsSync(file) ? fs.readFileSync(file) : undefined;
    if (stampOf(file) !== stamp && (bytes === undefined || fileDigest(bytes) !== files.get(name))) {
      throw new ChangedFixtureError(file);
    }
    const rows = parseJson(bytes!) as unknown[];
    return name in verdict.fitted ? fitRows(name, rows, verdict.fitted[name], []) : rows;
  });
  for (const name of Object.keys(verdict.fitted)) void data[name as keyof Collections];
  return { data, warnings: verdict.warnings, problems: [] };
}

/**
 * A fixtures file whose bytes changed after the start, read for the first time since: billsim
 * reads a clean world's collections when first used, and serves only the bytes it found clean.
 */
export class ChangedFixtureError extends FixtureError {
  constructor(file: string) {
    super(
      `${file} changed after billsim started, before billsim first read it (collections are read when first used); ` +
        'restart billsim to serve the file as it is now',
    );
  }
}

/** Checks a world given as data (buildApp's `data` option) as a fixtures folder is checked; `where` names it in messages. */
export function checkWorld(data: Collections, where: string): LoadedWorld {
  return examine(data as unknown as Record<string, unknown>, { paste: true, unreadable: [], where: { label: where } });
}

/** A fixtures folder's world, or a FixtureError listing every problem; warnings are dropped (readWorld returns them). */
export function loadFixtures(dir: string): Collections {
  const world = readWorld(dir);
  if (world.problems.length > 0) throw FixtureError.of(`the world in ${dir}`, world.problems);
  return world.data;
}

/**
 * Validates stored collections (a data file, a test's world) against their schemas as they
 * are: nothing pasted is made to fit. Throws a FixtureError naming every bad record.
 */
export function validateCollections(data: Collections, where: string): void {
  const { problems } = examine(data as unknown as Record<string, unknown>, { paste: false, unreadable: [], where: { folderLike: where } });
  if (problems.length > 0) throw FixtureError.of(where, problems);
}

/**
 * validateCollections for a saved state whose rows are mostly the seed's own objects, checked
 * when the seed was: only the rows `parsed` names (by their place) are checked against their
 * schemas, ids across whole collections. A state that fails is checked again whole, so the
 * messages are validateCollections' own.
 */
export function validateChanged(data: Collections, parsed: (name: keyof Collections) => readonly number[], where: string): void {
  const rows = data as unknown as Record<string, unknown[]>;
  const fresh: Record<string, unknown[]> = {};
  for (const name of COLLECTION_NAMES) fresh[name] = parsed(name).map((at) => rows[name][at]);
  const { problems } = examine(fresh, { paste: false, unreadable: [], where: { folderLike: where } });
  if (problems.length > 0 || COLLECTION_NAMES.some((name) => duplicateIds(name, rows[name]).length > 0)) {
    validateCollections(data, where);
  }
}

/** Why one record does not fit its collection's schema (`field ... must be ...`), or undefined when it fits. */
export function recordProblem(name: keyof Collections, row: unknown): string | undefined {
  const check = strictValidator(collectionRef(name));
  if (check([row])) return undefined;
  return `${name} record${idOf(row)}: ${why(check.errors![0])}`;
}

interface Where {
  /** A fixtures folder: messages name its files with line and column. */
  dir?: string;
  /** A folder-like name without files to read (a data file): messages name `<where>/<collection>.json`. */
  folderLike?: string;
  /** Data with no files at all: messages name the collection. */
  label?: string;
}

function examine(
  raw: Record<string, unknown>,
  options: { paste: boolean; unreadable: Finding[]; where: Where; fitted?: Record<string, boolean> },
): LoadedWorld {
  const problems: Finding[] = [...options.unreadable];
  const warnings: Finding[] = [];
  const skip = new Set(options.unreadable.map((f) => f.collection));
  const data = { ...raw };
  for (const name of COLLECTION_NAMES) {
    if (skip.has(name)) continue;
    const given = raw[name];
    if (!Array.isArray(given)) {
      problems.push({ collection: name, message: `must be an array of ${name} records` });
      skip.add(name);
      continue;
    }
    // Hand-written stubs need no ids (as POST /__billsim/stubs needs none).
    let rows: unknown[] = options.paste && name === 'stubs' ? withStubIds(given) : given;
    const check = strictValidator(collectionRef(name));
    let valid = check(rows);
    if (options.paste) {
      const fitted = fitRows(name, rows, valid, warnings);
      if (fitted !== rows) {
        if (options.fitted) options.fitted[name] = valid;
        rows = fitted;
        valid = check(rows);
      }
    }
    if (!valid) problems.push(...schemaFindings(name, rows as unknown[]));
    problems.push(...duplicateIds(name, rows as unknown[]));
    data[name] = rows;
  }
  if (options.paste) problems.push(...danglingReferences(data, skip));
  const located = locate(options.where, data);
  return {
    data: data as unknown as Collections,
    problems: problems.map(located),
    warnings: warnings.map(located),
  };
}

/** Rows made to fit (the same array when none changed): pasted answer keys and defaults when the schema refused them, passwords always. */
function fitRows(name: string, rows: unknown[], valid: boolean, warnings: Finding[]): unknown[] {
  const fields = new Set(Object.keys(resourceOf(name).properties));
  let out = rows;
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index];
    if (typeof row !== 'object' || row === null || Array.isArray(row)) continue;
    let fitted = row as Record<string, unknown>;
    const fixes: Fix[] = [];
    if (!valid) ({ row: fitted } = collect(fitPasted(name, fitted, fields), fixes));
    if (name === 'clients') ({ row: fitted } = collect(hashPlainPassword(fitted), fixes));
    if (fitted === row) continue;
    if (out === rows) out = [...rows];
    out[index] = fitted;
    for (const fix of fixes) warnings.push({ collection: name, index, field: fix.field, message: fix.message });
  }
  return out;
}

function collect(result: { row: Record<string, unknown>; fixes: Fix[] }, fixes: Fix[]) {
  fixes.push(...result.fixes);
  return result;
}

function resourceOf(name: string): { properties: Record<string, unknown> } {
  const collections = allSchemas().find((schema) => schema.$id === COLLECTIONS_ID) as {
    properties: Record<string, { items: { $ref: string } }>;
  };
  const ref = collections.properties[name].items.$ref;
  return allSchemas().find((schema) => String(schema.$id).endsWith(`/resources/${ref}`)) as { properties: Record<string, unknown> };
}

// The prebuilt validators stop at a collection's first error; a world that fails
// is checked again with every error collected (compiled then, as only a failed start pays).
let everyError: ReturnType<typeof makeAjv> | undefined;
const everyErrorValidators = new Map<string, Validator>();

function schemaFindings(name: string, rows: unknown[]): Finding[] {
  let check = everyErrorValidators.get(name);
  if (!check) {
    check = (everyError ??= makeAjv(false, { allErrors: true })).compile({ $ref: collectionRef(name) });
    everyErrorValidators.set(name, check);
  }
  check(rows);
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const error of check.errors ?? []) {
    const [index, ...field] = error.instancePath.split('/').slice(1);
    if (index === undefined) {
      findings.push({ collection: name, message: `must be an array of ${name} records` });
      continue;
    }
    // anyOf and oneOf report their branches' errors as well as their own: the branches say more.
    if (
      ['anyOf', 'oneOf', 'if'].includes(error.keyword) &&
      (check.errors ?? []).some((e) => e !== error && e.instancePath === error.instancePath)
    )
      continue;
    const message = why(error);
    const key = `${index}\0${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const missing = error.keyword === 'required' ? String(error.params.missingProperty) : undefined;
    findings.push({
      collection: name,
      index: Number(index),
      field: field[0] ?? (missing ? undefined : error.params.additionalProperty),
      message,
    });
  }
  return findings;
}

/** What is wrong, naming the field: `field credit must be ...`. */
function why(error: ErrorObject): string {
  const [, ...field] = error.instancePath.split('/').slice(1);
  const missing = error.keyword === 'required' ? [String(error.params.missingProperty)] : [];
  const extra = error.keyword === 'additionalProperties' ? [String(error.params.additionalProperty)] : [];
  const fieldName = [...field, ...missing, ...extra].join('.') || '(record)';
  const description = (error.parentSchema as { description?: string } | undefined)?.description;
  const says =
    error.keyword === 'required'
      ? 'is missing'
      : error.keyword === 'additionalProperties'
        ? 'is not a known field'
        : description
          ? `must be ${description}`
          : error.message;
  return `field ${fieldName} ${says}`;
}

function duplicateIds(name: string, rows: unknown[]): Finding[] {
  const first = new Map<string, number>();
  const found: Finding[] = [];
  for (let index = 0; index < rows.length; index++) {
    const id = (rows[index] as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') continue;
    const earlier = first.get(id);
    if (earlier === undefined) first.set(id, index);
    else found.push({ collection: name, index, field: 'id', message: `id ${id} appears more than once (first in record ${earlier + 1})` });
  }
  return found;
}

function idOf(row: unknown): string {
  const id = (row as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? ` (id ${id})` : '';
}

/**
 * Turns findings into lines: `<file>:<line>:<column>: record <n> (id <id>): <message>`,
 * records counted from 1. A file is read again only when one of its records is named.
 */
function locate(where: Where, data: Record<string, unknown>): (finding: Finding) => string {
  const files = new Map<string, { lines: Lines; records?: ReturnType<typeof recordPlaces> } | undefined>();
  const fileOf = (collection: string, parsed: boolean) => {
    if (!where.dir) return undefined;
    if (!files.has(collection)) {
      const file = path.join(where.dir, `${collection}.json`);
      const bytes = fs.existsSync(file) ? fs.readFileSync(file) : undefined;
      files.set(collection, bytes && { lines: new Lines(bytes), records: parsed ? recordPlaces(bytes) : undefined });
    }
    return files.get(collection);
  };
  return (finding) => {
    const { collection, index, field } = finding;
    const rows = data[collection];
    const record = index === undefined ? '' : `record ${index + 1}${idOf(Array.isArray(rows) ? rows[index] : undefined)}: `;
    const name = where.dir
      ? path.join(where.dir, `${collection}.json`)
      : where.folderLike
        ? path.join(where.folderLike, `${collection}.json`)
        : `${where.label ?? ''} ${collection}`.trim();
    const located = fileOf(collection, finding.byte === undefined);
    let byte = finding.byte;
    if (byte === undefined && located?.records && index !== undefined) {
      const place = located.records[index];
      byte = place && ((field !== undefined ? place.keys.get(field) : undefined) ?? place.start);
    }
    if (!located || byte === undefined) return `${name}: ${record}${finding.message}`;
    const { line, column } = located.lines.at(byte);
    return `${name}:${line}:${column}: ${record}${finding.message}`;
  };
}
