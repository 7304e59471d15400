// What makes a record pasted from an answer fit its collection, each change
// reported as a warning: keys only answers carry are left out, a field answers
// never show gets its plain default, and a plain-text password is hashed.
// Anything else that does not fit stays a problem for the schema check.
import { allSchemas, COLLECTIONS_ID } from '../schemas.js';
import { hashNow, isPasswordHash, saltFor } from '../lib/password-hash.js';

type Row = Record<string, unknown>;
type Node = Record<string, unknown>;

/** A change made to one record, as the warning will say it. */
export interface Fix {
  field: string;
  message: string;
}

/**
 * Fields a stored record has that an answer (getClientDetails' client, say) leaves
 * out, with the value that means "none". A missing field without one stays a problem.
 */
const DEFAULTS: Record<string, Record<string, { value: (row: Row) => unknown; says: string }>> = {
  clients: {
    password: { value: () => '', says: '"" (no password: no login works until one is set)' },
    privileges: {
      value: (row) => (row.parent_id === '0' || row.parent_id === undefined ? null : []),
      says: 'null for a main client, [] for a contact',
    },
    howdidyou: { value: () => '', says: '""' },
    cardnum: { value: () => '', says: '"" (no card on file)' },
  },
  accounts: { ip: { value: () => '', says: '"" (none)' }, additional_ip: { value: () => [], says: '[] (none)' } },
  estimates: { invoice_id: { value: () => '0', says: '"0" (no invoice made from it)' } },
  tickets: { owner_id: { value: () => '0', says: '"0" (nobody assigned)' }, attachments: { value: () => [], says: '[]' } },
  ticket_replies: { attachments: { value: () => [], says: '[]' } },
};

// Keys the vendor's own published samples carry that no billsim answer does
// (getClientDetails' countryname, the country's name, is derived from country).
const VENDOR_ANSWER_KEYS: Record<string, string[]> = { clients: ['countryname'] };

let answerKeys: Map<string, Map<string, string>> | undefined;

/** By collection, the keys only answers carry and the first get* call that answers each. */
export function answerOnlyKeys(): Map<string, Map<string, string>> {
  if (answerKeys) return answerKeys;
  const schemas = allSchemas() as Node[];
  const collections = (schemas.find((s) => s.$id === COLLECTIONS_ID) as { properties: Record<string, { items: { $ref: string } }> })
    .properties;
  const resources = new Map<string, { collection: string; fields: Set<string> }>();
  for (const [collection, { items }] of Object.entries(collections)) {
    const resource = schemas.find((s) => String(s.$id).endsWith(`/resources/${items.$ref}`)) as { properties: Node };
    resources.set(items.$ref.replace(/\.json$/, ''), { collection, fields: new Set(Object.keys(resource.properties)) });
  }
  answerKeys = new Map([...resources.values()].map(({ collection }) => [collection, new Map()]));
  for (const [collection, keys] of Object.entries(VENDOR_ANSWER_KEYS))
    for (const key of keys) answerKeys.get(collection)!.set(key, "the vendor's sample");
  const visit = (node: unknown, call: string): void => {
    if (typeof node !== 'object' || node === null) return;
    const properties = (node as Node).properties;
    if (typeof properties === 'object' && properties !== null) {
      // The resource most of an object's fields are taken from is the one it shows.
      const counts = new Map<string, number>();
      for (const field of Object.values(properties as Node)) {
        const ref = /resources\/(\w+)\.json#\/properties\//.exec(String((field as Node)?.$ref ?? ''));
        if (ref && resources.has(ref[1])) counts.set(ref[1], (counts.get(ref[1]) ?? 0) + 1);
      }
      const best = [...counts].sort((a, b) => b[1] - a[1])[0];
      if (best && best[1] >= 3) {
        const { collection, fields } = resources.get(best[0])!;
        const known = answerKeys!.get(collection)!;
        for (const key of Object.keys(properties)) if (!fields.has(key) && !known.has(key)) known.set(key, call);
      }
    }
    for (const value of Object.values(node)) visit(value, call);
  };
  for (const schema of schemas) {
    const call = /\/operations\/\w+\/(get\w+)\.json$/.exec(String(schema.$id));
    if (call) visit(schema, call[1]);
  }
  return answerKeys;
}

/**
 * The record made to fit (the same object when nothing changed) and what was changed.
 * `fields` are the collection's stored fields; only a record that failed the schema
 * check is given here, besides every client for its password.
 */
export function fitPasted(collection: string, row: Row, fields: ReadonlySet<string>): { row: Row; fixes: Fix[] } {
  const fixes: Fix[] = [];
  let fitted = row;
  const change = () => (fitted === row ? (fitted = { ...row }) : fitted);
  const extra = Object.keys(row).filter((key) => !fields.has(key));
  if (extra.length > 0) {
    const answered = answerOnlyKeys().get(collection);
    for (const key of extra) {
      const call = answered?.get(key);
      if (!call) continue;
      delete change()[key];
      fixes.push({ field: key, message: `field ${key} is left out: answers compute it (${call}), the world does not store it` });
    }
  }
  for (const [field, { value, says }] of Object.entries(DEFAULTS[collection] ?? {})) {
    if (row[field] !== undefined && row[field] !== null) continue;
    if (row[field] === null && field === 'privileges') continue;
    change()[field] = value(row);
    fixes.push({ field, message: `field ${field} is ${row[field] === null ? 'null' : 'missing'} (answers leave it out); set to ${says}` });
  }
  return { row: fitted, fixes };
}

/** A client whose password is plain text gets it hashed, with the salt addClient would use. */
export function hashPlainPassword(row: Row): { row: Row; fixes: Fix[] } {
  const { password, id, email } = row;
  if (typeof password !== 'string' || password === '' || isPasswordHash(password) || typeof id !== 'string' || typeof email !== 'string')
    return { row, fixes: [] };
  return {
    row: { ...row, password: hashNow(password, saltFor(id, email)) },
    fixes: [
      {
        field: 'password',
        message:
          'field password is plain text; it was hashed at load, so logins take that text (store `npm run password -- TEXT` to keep the hash in the file)',
      },
    ],
  };
}

/**
 * Stubs written by hand need no ids: a stubs.json record without one gets
 * the next after the greatest given, in the file's order (the same rows, the
 * same array, when every record has one).
 */
export function withStubIds(rows: unknown[]): unknown[] {
  const isRecord = (row: unknown): row is Row => typeof row === 'object' && row !== null && !Array.isArray(row);
  if (!rows.some((row) => isRecord(row) && row.id === undefined)) return rows;
  let next = rows.reduce<number>((top, row) => (isRecord(row) && /^[0-9]+$/.test(String(row.id)) ? Math.max(top, Number(row.id)) : top), 0);
  return rows.map((row) => (isRecord(row) && row.id === undefined ? { id: String(++next), ...row } : row));
}
