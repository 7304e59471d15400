import { defineMutation } from '../operation.js';
import { fail, messages } from '../../errors.js';
import { hasCardOnFile } from '../../domain/clients.js';
import { parseDateTime } from '../../lib/dates.js';
import { requireEnabledGateway } from '../../domain/gateways.js';
import { invoiceView, requireInvoice } from '../../domain/invoices.js';
import { requireSoundTotals, requireTotalsOpen } from '../../domain/invoiceEdits.js';
import { withTotals } from '../../domain/invoiceLines.js';
import { formatCents, toCents } from '../../domain/money.js';
import type { View } from '../../store/world.js';
import type { EditInvoiceDetailsRequest, EditInvoiceDetailsResult, EditedInvoiceView, Invoice } from '../../generated/wire.js';

const EDITABLE = ['credit', 'date', 'duedate', 'payment_module', 'taxrate', 'taxrate2'] as const;
const TOTALS = ['credit', 'taxrate', 'taxrate2'] as const;
const UNSUPPORTED = {
  invoicetype: 'billsim keeps no recurring invoices, every invoice is a standard one',
  metadata: 'billsim keeps no invoice metadata',
  recurring: 'billsim keeps no recurring invoices',
} as const;
const REAL_DATE = 'a real calendar date as YYYY-MM-DD';

/** Both dates after the edit; each given one must exist on the calendar, and the due date may not come first. */
function dates(invoice: Invoice, p: EditInvoiceDetailsRequest): Pick<Invoice, 'date' | 'duedate'> {
  if (p.date !== undefined && !parseDateTime(p.date)) fail(messages.paramInvalid('date', REAL_DATE));
  if (p.duedate !== undefined && !parseDateTime(p.duedate)) fail(messages.paramInvalid('duedate', REAL_DATE));
  const date = p.date ?? invoice.date;
  const duedate = p.duedate ?? invoice.duedate;
  // Only an edit of a date is checked, so a stored pair that already crosses does not block other edits.
  if ((p.date !== undefined || p.duedate !== undefined) && duedate < date) {
    fail(
      p.duedate !== undefined
        ? messages.paramInvalid('duedate', `on or after the invoice date (${date})`)
        : messages.paramInvalid('date', `on or before the due date (${duedate})`),
    );
  }
  return { date, duedate };
}

/** A money or percent parameter as stored: two decimals. */
function twoDecimals(value: string | undefined, stored: string): string {
  return value === undefined ? stored : formatCents(toCents(value));
}

/** The published answer embeds the client with `cardnum` as a boolean: whether a card is on file. */
function editedView(world: View, invoice: Invoice): EditedInvoiceView {
  const view = invoiceView(world, invoice);
  return { ...view, client: view.client && { ...view.client, cardnum: hasCardOnFile(world, view.client.id) } };
}

export default defineMutation<EditInvoiceDetailsRequest, EditInvoiceDetailsResult & { info: string[] }>({
  mutates: true,
  run(p, { world }) {
    for (const [name, why] of Object.entries(UNSUPPORTED)) {
      if (p[name as keyof typeof UNSUPPORTED] !== undefined) fail(messages.paramNotSupported(name, why));
    }
    if (EDITABLE.every((name) => p[name] === undefined)) {
      fail(messages.draftNothingToChange(`${EDITABLE.slice(0, -1).join(', ')} or ${EDITABLE.at(-1)}`));
    }
    const invoice = requireInvoice(world, p.id);
    const totalsParam = TOTALS.find((name) => p[name] !== undefined);
    if (totalsParam) requireTotalsOpen(invoice, totalsParam);
    const payment_module = p.payment_module ? requireEnabledGateway(world, p.payment_module).id : invoice.payment_module;
    const edited: Invoice = {
      ...invoice,
      ...dates(invoice, p),
      credit: twoDecimals(p.credit, invoice.credit),
      taxrate: twoDecimals(p.taxrate, invoice.taxrate),
      taxrate2: twoDecimals(p.taxrate2, invoice.taxrate2),
      payment_module,
    };
    // Totals are computed again only when what they depend on changed: a date edit leaves them as stored.
    const updated = totalsParam ? withTotals(edited) : edited;
    if (totalsParam) requireSoundTotals(world, updated);
    world.replace('invoices', updated);
    return { invoice: editedView(world, updated), info: ['Invoice details changed'] };
  },
});
