// Lines of invoices and estimates: how a new line gets its id, how a line's
// total follows from amount and qty, and how a document's totals follow from
// its lines. Invoices and estimates keep lines of one shape, so one rule serves both.
import type { View } from '../store/world.js';
import { centsToNumber, formatCents, lineCents, percentOf, toCents, withinRange } from './money.js';

/** The line fields the totals depend on. */
export interface Line {
  id: string;
  amount: string;
  qty: string;
  taxed: string;
}

/** The totals block invoices and estimates both show, in the wire's order. */
export const TOTAL_FIELDS = ['subtotal', 'credit', 'tax', 'taxrate', 'tax2', 'taxrate2', 'total'] as const;

/** A document whose totals are kept equal to its lines. */
export interface Totalled {
  items: readonly Line[];
  taxrate: string;
  taxrate2: string;
  credit: string;
  subtotal: string;
  tax: string;
  tax2: string;
  total: string;
}

/** The highest line id of one document (0 when it has none). */
function highestLineId(doc: { items: readonly { id: string }[] }): number {
  let max = 0;
  for (const item of doc.items) max = Math.max(max, Number(item.id));
  return max;
}

/**
 * Line ids are unique across all documents of a collection, as rows of one line
 * table are: new lines are numbered from one past the highest line id in use,
 * a maximum the store keeps as documents change (a scan of every document made
 * adding a line cost the collection's size).
 */
export function firstFreeLineId(world: View, collection: 'invoices' | 'estimates'): number {
  return world.max(collection, 'line-id', highestLineId) + 1;
}

/** amount x qty as the JSON number lines show (60, 9.95). */
export function lineTotal(amount: string, qty: string): number {
  return centsToNumber(lineCents(amount, qty));
}

/** "20/11/2026": the date format of the period in a line's description. */
export function lineDate(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/**
 * subtotal, tax, tax2 and total computed again from the lines, in integer cents.
 * Both taxes apply to the taxed lines only (tax2 is not compounded on tax), each
 * rounded once per document (half away from zero) rather than per line; a
 * discount larger than the taxed lines leaves no tax rather than a negative one,
 * and credit never takes the total below 0.00.
 */
export function withTotals<T extends Totalled>(doc: T): T {
  let subtotal = 0;
  let taxable = 0;
  for (const item of doc.items) {
    const cents = lineCents(item.amount, item.qty);
    subtotal += cents;
    if (item.taxed === '1') taxable += cents;
  }
  taxable = Math.max(0, taxable);
  const tax = percentOf(taxable, doc.taxrate);
  const tax2 = percentOf(taxable, doc.taxrate2);
  const total = Math.max(0, subtotal + tax + tax2 - toCents(doc.credit));
  withinRange(subtotal, 'The subtotal');
  withinRange(subtotal + tax + tax2, 'The total before credit');
  return { ...doc, subtotal: formatCents(subtotal), tax: formatCents(tax), tax2: formatCents(tax2), total: formatCents(total) };
}

/**
 * Line ids for a run that adds many lines (the daily automation): the first
 * free id is found once, by reading every document, and then counted on.
 */
export class LineIds {
  private next?: number;
  constructor(
    private readonly world: View,
    private readonly collection: 'invoices' | 'estimates',
  ) {}

  /** The first of `count` consecutive free line ids. */
  take(count = 1): number {
    this.next ??= firstFreeLineId(this.world, this.collection);
    const first = this.next;
    this.next += count;
    return first;
  }
}
