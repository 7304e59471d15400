import fs from 'node:fs';
import path from 'node:path';
import type { ErrorObject } from 'ajv';
import { SCHEMA_BASE, strictValidator } from '../schemas.js';
import type { Collections } from '../generated/wire.js';

export class FixtureError extends Error {}

const COLLECTIONS_ID = `${SCHEMA_BASE}resources/collections.json`;


// The collections of schemas/resources/collections.json, in its order (a test keeps them equal).
// Kept in the order of schemas/resources/collections.json.
export const COLLECTION_NAMES: (keyof Collections)[] = [
  'currencies', 'clients', 'client_cards', 'invoices', 'transactions', 'estimates', 'order_pages', 'products',
  'accounts', 'account_addons', 'addons', 'domains', 'registrars', 'gateways', 'news', 'reply_categories',
  'predefined_replies', 'order_drafts', 'admins', 'api_access',
];

/** Reads one JSON file per collection from dir; a missing file is an empty collection. */
export function readFixtures(dir: string): Collections {
  const data = {} as Record<string, unknown>;
  for (const name of COLLECTION_NAMES) {
    const file = path.join(dir, `${name}.json`);
    if (!fs.existsSync(file)) {
      data[name] = [];
      continue;
    }
    try {
      data[name] = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      throw new FixtureError(`${file}: not valid JSON (${(error as Error).message})`);
    }
  }
  return data as unknown as Collections;
}

/** Validates every collection against its resource schema; the error names file, record and field. */
export function validateCollections(data: Collections, where: string): void {
  for (const name of COLLECTION_NAMES) {
    const check = strictValidator(`${COLLECTIONS_ID}#/properties/${name}`);
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
  const why = error.keyword === 'required' ? 'is missing'
    : error.keyword === 'additionalProperties' ? 'is not a known field'
    : ((error.parentSchema as { description?: string })?.description ? `must be ${(error.parentSchema as { description: string }).description}` : error.message);
  return `${file}: record ${index}${id}, field ${fieldName} ${why}`;
}

export function loadFixtures(dir: string): Collections {
  const data = readFixtures(dir);
  validateCollections(data, dir);
  return data;
}
