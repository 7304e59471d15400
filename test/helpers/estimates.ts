// An estimate turned into an invoice, checked as a finance person would: the
// invoice bills the estimate's lines and comes to the same totals.
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { estimateDetails, invoiceDetails } from './reads.js';

export type Line = Record<string, unknown> & { id: string };
export type Doc = Record<string, unknown> & { items: Line[]; status: string };

const TOTALS = ['subtotal', 'credit', 'tax', 'taxrate', 'tax2', 'taxrate2', 'total', 'currency_id', 'rate'] as const;
const pickTotals = (d: Doc) => Object.fromEntries(TOTALS.map((k) => [k, d[k]]));
/** What a line bills, without its own id and the document it belongs to. */
const billed = (l: Line) => [l.type, l.item_id, l.description, l.amount, l.qty, l.taxed, l.linetotal];

/** Checks the invoice against the estimate: same lines, same totals. */
export async function checkConverted(t: Test, app: FastifyInstance, estimateId: string, invoiceId: string): Promise<Doc> {
  const estimate = await estimateDetails<Doc>(t, app, estimateId);
  const invoice = await invoiceDetails<Doc>(t, app, invoiceId);
  t.equal(estimate.status, 'Invoiced');
  t.strictSame(invoice.items.map(billed), estimate.items.map(billed), 'the invoice bills the same lines');
  t.strictSame(pickTotals(invoice), pickTotals(estimate), 'with the same totals, rates and currency');
  t.match(invoice, { status: 'Unpaid', client_id: estimate.client_id, date: '2026-11-20', duedate: '2026-11-20' });
  return invoice;
}
