// The imported records checked against billsim's schemas before they are
// written: a value in another JSON type than billsim's (a number where the
// API's wire shape has a string, a boolean for a "0"/"1" flag) is made to fit
// and noted; a record that still does not fit is left out and noted, so one
// answer in another shape costs that record, not the import. Each note names
// the call whose answer gave the record, for the per-call report. Pure.
import type { ErrorObject } from 'ajv';
import { collectionRef, strictValidator } from '../../schemas.js';
import type { Row } from './types.js';

/** The read call whose answer gives each imported collection's records. */
export const SOURCE_CALL: Readonly<Record<string, string>> = {
  order_pages: 'getSubCategories',
  products: 'getProductDetails',
  product_forms: 'getProductDetails',
  addons: 'getAddons',
  currencies: 'getCurrencies',
  gateways: 'getPaymentModules',
  ticket_depts: 'getTicketDepts',
  reply_categories: 'getPredefinedReplies',
  predefined_replies: 'getPredefinedReplies',
  news: 'getNewsItem',
  clients: 'getClientDetails',
  accounts: 'getAccountDetails',
  account_addons: 'getAccountAddons',
  transactions: 'getTransactionDetails',
  domains: 'getDomainDetails',
  invoices: 'getInvoiceDetails',
  tickets: 'getTicketDetails',
  ticket_replies: 'getTicketDetails',
  ticket_notes: 'getTicketDetails',
  orders: 'getOrderDetails',
};

/** One thing done to make an answer fit: `fitted` kept the record, `skipped` left it out. */
export interface FitNote {
  call: string;
  kind: 'fitted' | 'skipped';
  /** `currencies 4 rate`: the collection, the record's id and the field. */
  path: string;
  why: string;
}

/** Changes to one record before it is given up: a record has few fields, and each change fixes one. */
const MAX_FIXES = 50;

function firstError(name: string, row: Row): ErrorObject | undefined {
  const check = strictValidator(collectionRef(name));
  return check([row]) ? undefined : (check.errors ?? [])[0];
}

/** The field an error names, as steps below the record (`items`, `0`, `amount`). */
const stepsOf = (error: ErrorObject) => error.instancePath.split('/').slice(2);

function valueAt(row: Row, steps: readonly string[]): unknown {
  let at: unknown = row;
  for (const step of steps) at = typeof at === 'object' && at !== null ? (at as Row)[step] : undefined;
  return at;
}

/** `row` with the value at `steps` replaced (copies along the way; the answer's objects stay as they were). */
function withValue(row: Row, steps: readonly string[], value: unknown): Row {
  const [step, ...rest] = steps;
  const inner = row[step];
  const copy = (Array.isArray(row) ? [...row] : { ...row }) as Row;
  copy[step] = rest.length === 0 ? value : withValue((inner ?? {}) as Row, rest, value);
  return copy;
}

/** Texts a number or a boolean may stand for, the likeliest first: as written, then with 2 or 4 decimals (amounts, rates), a flag. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'boolean') return [value ? '1' : '0'];
  if (typeof value !== 'number' || !Number.isFinite(value)) return [];
  return [...new Set([String(value), value.toFixed(2), value.toFixed(4)])];
}

/** One record made to fit its collection, or why it cannot be. */
function fitRecord(name: string, row: Row): { row: Row; fixed: string[] } | { why: string; field: string } {
  const fixed: string[] = [];
  let current = row;
  for (let round = 0; round < MAX_FIXES; round++) {
    const error = firstError(name, current);
    if (!error) return { row: current, fixed };
    const steps = stepsOf(error);
    const field = steps.join('.') || String(error.params.missingProperty ?? '(record)');
    const original = valueAt(row, steps);
    // The first text that clears this field's error; a text that only moves it elsewhere still counts.
    const text = textsOf(original).find((candidate) => {
      const next = firstError(name, withValue(current, steps, candidate));
      return next === undefined || next.instancePath !== error.instancePath;
    });
    if (text === undefined || typeof original === 'string') {
      return {
        field,
        why: `${field} ${error.message ?? 'does not fit'}${original === undefined ? '' : ` (got ${JSON.stringify(original)})`}`,
      };
    }
    current = withValue(current, steps, text);
    fixed.push(`${field}: ${typeof original} ${JSON.stringify(original)} read as "${text}"`);
  }
  return { field: '(record)', why: `more than ${MAX_FIXES} fields in another shape` };
}

/** The imported collections with every record made to fit or left out, and what was done. */
export function fitCollections(imported: Record<string, Row[]>): { data: Record<string, Row[]>; notes: FitNote[] } {
  const data: Record<string, Row[]> = {};
  const notes: FitNote[] = [];
  for (const [name, rows] of Object.entries(imported)) {
    const call = SOURCE_CALL[name] ?? name;
    data[name] = rows.flatMap((row) => {
      const id = typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : '?';
      const result = fitRecord(name, row);
      if ('why' in result) {
        notes.push({ call, kind: 'skipped', path: `${name} ${id} ${result.field}`, why: result.why });
        return [];
      }
      for (const fix of result.fixed) notes.push({ call, kind: 'fitted', path: `${name} ${id} ${fix.split(':')[0]}`, why: fix });
      return [result.row];
    });
  }
  return { data, notes };
}
