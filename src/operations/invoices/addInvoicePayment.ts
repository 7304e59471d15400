import { defineMutation } from '../operation.js';
import { requireInvoice } from '../../domain/invoices.js';
import { Checks, fail, messages } from '../../errors.js';
import { rateOf } from '../../domain/currencies.js';
import { parseDateAtTimeOf } from '../../lib/dates.js';
import { requireEnabledGateway } from '../../domain/gateways.js';
import { convertCents, formatCents, nonNegativeCents, positiveCents } from '../../domain/money.js';
import { recordPayment, requirePayable } from '../../domain/payments.js';
import type { View } from '../../store/world.js';
import type { AddInvoicePaymentRequest, AddInvoicePaymentResult, Invoice } from '../../generated/wire.js';

export const PAYMENT_ADDED = 'Transaction has been added to invoice';

/** Converts amounts paid in `currency_id` into the invoice's currency; the identity when paid in the invoice's own. */
function intoInvoiceCurrency(world: View, invoice: Invoice, p: AddInvoicePaymentRequest): (cents: number) => number {
  if (p.currency_id === undefined || p.currency_id === invoice.currency_id) return (cents) => cents;
  const rate = p.rate ?? rateOf(world, p.currency_id);
  if (Number(rate) <= 0) fail(messages.paramInvalid('rate', 'an exchange rate more than 0, such as 0.9215'));
  return (cents) => convertCents(cents, rate, invoice.rate);
}

export default defineMutation<AddInvoicePaymentRequest, AddInvoicePaymentResult & { info: string[] }>({
  mutates: true,
  run(p, { world, now }) {
    // Every independent problem in one answer, in the order of the parameters; the fee is compared
    // with the amount, and the payment converted into the invoice's currency, only when both stand.
    const checks = new Checks();
    const invoice = checks.value(() => {
      const found = requireInvoice(world, p.id);
      requirePayable(found);
      return found;
    });
    const cents = checks.value(() => positiveCents(p.amount, 'amount'));
    const gateway = checks.value(() => requireEnabledGateway(world, p.paymentmodule, 'paymentmodule'));
    const feeCents = checks.value(() => nonNegativeCents(p.fee, 'fee'));
    if (cents !== undefined && feeCents !== undefined) {
      checks.pass(() => {
        if (feeCents > cents) fail(messages.paramInvalid('fee', `at most the amount paid (${formatCents(cents)})`));
      });
    }
    const date = checks.value(
      () =>
        parseDateAtTimeOf(p.date, now) ??
        fail(messages.paramInvalid('date', 'a real date as YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or an ISO 8601 date-time')),
    );
    const convert = invoice && checks.value(() => intoInvoiceCurrency(world, invoice, p));
    const ok = checks.settle({ invoice, cents, gateway, feeCents, date, convert });

    const into = ok.convert;
    const payment = {
      invoice: ok.invoice,
      cents: into(ok.cents),
      feeCents: into(ok.feeCents),
      gateway: ok.gateway,
      transId: p.transnumber,
      date: ok.date,
    };
    recordPayment(world, { ...payment, sendEmail: p.send_email === '1' }, now);
    return { info: [PAYMENT_ADDED] };
  },
});
