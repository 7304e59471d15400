// Estimates: the detail and list views, the totals rule, and the line edits of
// editEstimateDetails. Shared by getEstimateDetails, getEstimates and editEstimateDetails.
import type { World } from '../store/world.js';
import type { Estimate, EstimateItem, EstimateLineChange, EstimateListItem, EstimateNewLine, EstimateView } from '../generated/wire.js';
import { fail, messages } from '../errors.js';
import { centsToNumber, formatCents, lineCents, percentOf, toCents } from './money.js';
import { clientEmbed, clientNames } from './views.js';

/** getEstimateDetails' `estimate`: stored fields in the real answer's order, lines, then the client. */
export function estimateView(db: World, e: Estimate): EstimateView {
  const {
    id,
    status,
    subject,
    client_id,
    date_created,
    date_expires,
    subtotal,
    credit,
    tax,
    taxrate,
    tax2,
    taxrate2,
    total,
    currency_id,
    rate,
    notes,
    notes_private,
    hash,
    items,
  } = e;
  return {
    id,
    status,
    subject,
    client_id,
    date_created,
    date_expires,
    subtotal,
    credit,
    tax,
    taxrate,
    tax2,
    taxrate2,
    total,
    currency_id,
    rate,
    notes,
    notes_private,
    hash,
    items: items.map(({ id, estimate_id, item_id, type, description, amount, taxed, qty, linetotal }) => ({
      id,
      estimate_id,
      item_id,
      type,
      description,
      amount,
      taxed,
      qty,
      linetotal,
    })),
    client: clientEmbed(db, client_id),
  };
}

/** The answer of a call that changed an estimate: the same view, plus info. */
export function estimateAnswer(db: World, e: Estimate, info: string): { estimate: EstimateView; info: string[] } {
  return { estimate: estimateView(db, e), info: [info] };
}

/** getEstimates' list item: billsim's own compact shape (no real sample was found). */
export function estimateListItem(db: World, e: Estimate): EstimateListItem {
  const { firstname, lastname } = clientNames(db, e.client_id);
  return {
    id: e.id,
    client_id: e.client_id,
    date_created: e.date_created,
    date_expires: e.date_expires,
    status: e.status,
    subject: e.subject,
    total: e.total,
    currency_id: e.currency_id,
    firstname,
    lastname,
  };
}

/** Newest first by date_created; on the same day the higher id (entered later) comes first. */
export function newestEstimatesFirst(rows: readonly Estimate[]): Estimate[] {
  return [...rows].sort((a, b) => b.date_created.localeCompare(a.date_created) || Number(b.id) - Number(a.id));
}

/**
 * subtotal, tax, tax2 and total computed again from the lines, in integer cents. Both taxes apply to
 * the taxed lines only (tax2 is not compounded on tax); a discount larger than the taxed lines leaves
 * no tax rather than a negative one, and credit never takes the total below 0.00.
 */
export function withTotals(e: Estimate): Estimate {
  let subtotal = 0;
  let taxable = 0;
  for (const item of e.items) {
    const cents = lineCents(item.amount, item.qty);
    subtotal += cents;
    if (item.taxed === '1') taxable += cents;
  }
  taxable = Math.max(0, taxable);
  const tax = percentOf(taxable, e.taxrate);
  const tax2 = percentOf(taxable, e.taxrate2);
  const total = Math.max(0, subtotal + tax + tax2 - toCents(e.credit));
  return { ...e, subtotal: formatCents(subtotal), tax: formatCents(tax), tax2: formatCents(tax2), total: formatCents(total) };
}

/** A line with its amount normalised to two decimals, qty without padding, and linetotal = amount x qty. */
function line(item: EstimateItem): EstimateItem {
  const amount = formatCents(toCents(item.amount));
  const qty = String(Number(item.qty));
  return { ...item, amount, qty, linetotal: centsToNumber(lineCents(amount, qty)) };
}

/** [key, value] pairs of a bracket parameter, which arrives as a list when its keys are exactly 0..n-1. */
function keyed<T>(value: T[] | Record<string, T> | undefined): Array<[string, T]> {
  if (!value) return [];
  return Array.isArray(value) ? value.map((v, i): [string, T] => [String(i), v]) : Object.entries(value);
}

/** The lines after item[<line id>][...] changes; every named line must belong to this estimate. */
export function changedLines(e: Estimate, changes: EstimateLineChange[] | Record<string, EstimateLineChange> | undefined): EstimateItem[] {
  const byId = new Map(e.items.map((item) => [item.id, item]));
  const removed = new Set<string>();
  for (const [id, change] of keyed(changes)) {
    const item =
      byId.get(id) ??
      fail(
        messages.estimateItemUnknown(
          e.id,
          id,
          e.items.map((i) => i.id),
        ),
      );
    if (change.remove === '1') removed.add(id);
    else byId.set(id, line({ ...item, ...pick(change) }));
  }
  return e.items.filter((item) => !removed.has(item.id)).map((item) => byId.get(item.id)!);
}

function pick({ description, amount, qty, taxed }: EstimateLineChange): Partial<EstimateItem> {
  const out: Partial<EstimateItem> = {};
  if (description !== undefined) out.description = description;
  if (amount !== undefined) out.amount = amount;
  if (qty !== undefined) out.qty = qty;
  if (taxed !== undefined) out.taxed = taxed;
  return out;
}

/**
 * Line ids are unique across all estimates, as rows of one line table are: new lines are numbered
 * from one past the highest line id in use. Finding it reads every estimate's lines once per call
 * that adds lines; there is no index for a maximum, and writing the estimate back costs as much.
 */
function firstFreeLineId(db: World): number {
  let max = 0;
  for (const e of db.table('estimates').all()) for (const item of e.items) max = Math.max(max, Number(item.id));
  return max + 1;
}

/** The newitem[...] lines as stored: fresh ids in key order, item_id 0 and type Other (a free-text line). */
export function newLines(
  db: World,
  estimateId: string,
  lines: EstimateNewLine[] | Record<string, EstimateNewLine> | undefined,
): EstimateItem[] {
  const list = keyed(lines);
  if (list.length === 0) return [];
  const first = firstFreeLineId(db);
  return list.map(([, l], i) =>
    line({
      id: String(first + i),
      estimate_id: estimateId,
      item_id: '0',
      type: 'Other',
      description: l.description,
      amount: l.amount,
      taxed: l.taxed ?? '0',
      qty: l.qty ?? '1',
      linetotal: 0,
    }),
  );
}
