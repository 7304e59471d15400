import { defineMutation } from '../operation.js';
import { Checks, fail, messages } from '../../errors.js';
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

/** Refuses a given date that is not on the calendar. */
function requireRealDate(value: string | undefined, param: 'date' | 'duedate'): void {
  if (value !== undefined && !parseDateTime(value)) fail(messages.paramInvalid(param, REAL_DATE));
}

/** Both dates after the edit (each given one is a real date); the due date may not come first. */
function dates(invoice: Invoice, p: EditInvoiceDetailsRequest): Pick<Invoice, 'date' | 'duedate'> {
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
    // Every independent problem at once, in the order of the parameters; what needs the invoice
    // (its status, the other date, the totals) is checked only when the invoice was found.
    const checks = new Checks();
    const found = checks.value(() => requireInvoice(world, p.id));
    const totalsParam = TOTALS.find((name) => p[name] !== undefined);
    if (found && totalsParam) checks.pass(() => requireTotalsOpen(found, totalsParam));
    const realDate = checks.pass(() => requireRealDate(p.date, 'date'));
    const realDueDate = checks.pass(() => requireRealDate(p.duedate, 'duedate'));
    const newDates = found && realDate && realDueDate ? checks.value(() => dates(found, p)) : undefined;
    const gateway = p.payment_module ? checks.value(() => requireEnabledGateway(world, p.payment_module!)) : undefined;
    const unsupported = Object.entries(UNSUPPORTED).filter(([name]) => p[name as keyof typeof UNSUPPORTED] !== undefined);
    for (const [name, why] of unsupported) checks.pass(() => fail(messages.paramNotSupported(name, why)));
    // A request of unsupported parameters alone is told about them, not also that it changes nothing.
    if (unsupported.length === 0 && EDITABLE.every((name) => p[name] === undefined)) {
      checks.pass(() => fail(messages.draftNothingToChange(`${EDITABLE.slice(0, -1).join(', ')} or ${EDITABLE.at(-1)}`)));
    }
    const { invoice, bothDates } = checks.settle({ invoice: found, bothDates: newDates });
    const payment_module = gateway?.id ?? invoice.payment_module;
    const edited: Invoice = {
      ...invoice,
      ...bothDates,
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
