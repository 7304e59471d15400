import fs from 'node:fs';
import path from 'node:path';
import type { ErrorObject } from 'ajv';
import { allSchemas, collectionRef, COLLECTIONS_ID, strictValidator } from '../schemas.js';
import type { Collections } from '../generated/wire.js';
import { readJsonFile } from './json-parts.js';

export { parseArrayInParts } from './json-parts.js';

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
      data[name] = readJsonFile(file);
    } catch (error) {
      throw new FixtureError(`${file}: not valid JSON (${(error as Error).message})`);
    }
  }
  return data as unknown as Collections;
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

/** Why one record does not fit its collection's schema (`field ... must be ...`), or undefined when it fits. */
export function recordProblem(name: keyof Collections, row: unknown): string | undefined {
  const check = strictValidator(collectionRef(name));
  if (check([row])) return undefined;
  return problem(name, [row], check.errors![0]).replace(/^record 0/, `${name} record`);
}

function describe(where: string, name: string, rows: unknown, error: ErrorObject): string {
  return `${path.join(where, `${name}.json`)}: ${problem(name, rows, error)}`;
}

function problem(name: string, rows: unknown, error: ErrorObject): string {
  const [index, ...field] = error.instancePath.split('/').slice(1);
  if (index === undefined) return `must be an array of ${name} records`;
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
  return `record ${index}${id}, field ${fieldName} ${why}`;
}

export function loadFixtures(dir: string): Collections {
  const data = readFixtures(dir);
  validateCollections(data, dir);
  return data;
}
