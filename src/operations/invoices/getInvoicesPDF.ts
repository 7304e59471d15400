import { defineOperation } from '../operation.js';
import { fail, messages } from '../../errors.js';
import { invoicePdf, MAX_PDFS } from '../../domain/invoicePdf.js';
import type { View } from '../../store/world.js';
import type { GetInvoicesPDFRequest, GetInvoicesPDFResult, Invoice } from '../../generated/wire.js';

/** The invoices the parameters select, every problem with them refused at once. */
function selected(world: View, { invoices, client_id, from, to }: GetInvoicesPDFRequest): Invoice[] {
  const ids = [...new Set(invoices ?? [])];
  const problems = [
    ...(client_id && !world.get('clients', client_id) ? [messages.notFound('Client', client_id)] : []),
    ...ids.filter((id) => !world.get('invoices', id)).map((id) => messages.notFound('Invoice', id)),
    ...(from && to && to < from ? [messages.dateRangeBackwards(from, to)] : []),
  ];
  if (problems.length > 0) fail(problems);
  // Through the ids or the client's index when given; a date range alone reads every invoice.
  const rows = invoices
    ? ids.map((id) => world.get('invoices', id) as Invoice)
    : client_id
      ? world.where('invoices', 'client_id', client_id)
      : world.all('invoices');
  return rows.filter(
    (invoice) => (!client_id || invoice.client_id === client_id) && (!from || invoice.date >= from) && (!to || invoice.date <= to),
  );
}

export default defineOperation<GetInvoicesPDFRequest, GetInvoicesPDFResult>({
  mutates: false,
  run(params, { world }) {
    const invoices = selected(world, params);
    if (invoices.length > MAX_PDFS) fail(messages.tooManyPdfs(invoices.length, MAX_PDFS));
    if (invoices.length === 0) return { invoices: [] };
    // Integer keys come out in ascending order, whatever order they were set in.
    const pdfs: Record<string, string> = {};
    for (const invoice of invoices) pdfs[invoice.id] = invoicePdf(world, invoice).toString('base64');
    return { invoices: pdfs };
  },
});
