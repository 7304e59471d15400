// Estimates: the detail and list views and the line edits of
// editEstimateDetails. Shared by getEstimateDetails, getEstimates and editEstimateDetails.
import type { View } from '../store/world.js';
import type { Estimate, EstimateItem, EstimateLineChange, EstimateListItem, EstimateNewLine, EstimateView } from '../generated/wire.js';
import { fail, messages } from '../errors.js';
import { formatCents, toCents } from './money.js';
import { firstFreeLineId, lineTotal, TOTAL_FIELDS } from './invoiceLines.js';
import { clientEmbed, clientNames, pick } from './views.js';

const ESTIMATE_FIELDS = [
  'id',
  'status',
  'subject',
  'client_id',
  'date_created',
  'date_expires',
  ...TOTAL_FIELDS,
  'currency_id',
  'rate',
  'notes',
  'notes_private',
  'hash',
] as const;
const LINE_FIELDS = ['id', 'estimate_id', 'item_id', 'type', 'description', 'amount', 'taxed', 'qty', 'linetotal'] as const;

/** getEstimateDetails' `estimate`: stored fields in the real answer's order, lines, then the client. */
export function estimateView(world: View, e: Estimate): EstimateView {
  const view: Partial<EstimateView> = pick(e, ESTIMATE_FIELDS);
  view.items = e.items.map((item) => pick(item, LINE_FIELDS));
  view.client = clientEmbed(world, e.client_id);
  return view as EstimateView;
}

/** The answer of a call that changed an estimate: the same view, plus info. */
export function estimateAnswer(world: View, e: Estimate, info: string): { estimate: EstimateView; info: string[] } {
  return { estimate: estimateView(world, e), info: [info] };
}

/** getEstimates' list item: billsim's own compact shape (no real sample was found). */
export function estimateListItem(world: View, e: Estimate): EstimateListItem {
  const { firstname, lastname } = clientNames(world, e.client_id);
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

/** A line with its amount normalised to two decimals, qty without padding, and linetotal = amount x qty. */
function line(item: EstimateItem): EstimateItem {
  const amount = formatCents(toCents(item.amount));
  const qty = String(Number(item.qty));
  return { ...item, amount, qty, linetotal: lineTotal(amount, qty) };
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
    else byId.set(id, line({ ...item, ...givenFields(change) }));
  }
  return e.items.filter((item) => !removed.has(item.id)).map((item) => byId.get(item.id)!);
}

/** The fields an item[...] change sets: only those it gives. */
function givenFields({ description, amount, qty, taxed }: EstimateLineChange): Partial<EstimateItem> {
  const out: Partial<EstimateItem> = {};
  if (description !== undefined) out.description = description;
  if (amount !== undefined) out.amount = amount;
  if (qty !== undefined) out.qty = qty;
  if (taxed !== undefined) out.taxed = taxed;
  return out;
}

/** The newitem[...] lines as stored: fresh ids in key order, item_id 0 and type Other (a free-text line). */
export function newLines(
  world: View,
  estimateId: string,
  lines: EstimateNewLine[] | Record<string, EstimateNewLine> | undefined,
): EstimateItem[] {
  const list = keyed(lines);
  if (list.length === 0) return [];
  const first = firstFreeLineId(world, 'estimates');
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
