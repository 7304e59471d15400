import { defineMutation } from '../operation.js';
import { requireMainClient } from '../../domain/clients.js';
import { requireInvoice } from '../../domain/invoices.js';
import { requireEnabledGateway } from '../../domain/gateways.js';
import { formatCents, nonNegativeCents } from '../../domain/money.js';
import { recordPayment, recordRefund, recordTransaction, requirePayable, requireRefundable } from '../../domain/payments.js';
import { Checks, fail, messages } from '../../errors.js';
import { formatDateTime, parseDateAtTimeOf } from '../../lib/dates.js';
import type { AddTransactionRequest, AddTransactionResult, Client, Invoice } from '../../generated/wire.js';
import type { View } from '../../store/world.js';

const NONE = '0';

/** The invoice the transaction is against, which must be the client's; a payment must find it payable, a refund paid enough. */
function againstInvoice(world: View, p: AddTransactionRequest, client: Client | undefined, cents: { in?: number; out?: number }): Invoice {
  const invoice = requireInvoice(world, p.invoice_id as string);
  if (client && invoice.client_id !== client.id) fail(messages.invoiceOfOther(invoice.id, invoice.client_id, client.id));
  if (cents.in === undefined || cents.out === undefined) return invoice;
  if (cents.in > 0 && cents.out > 0) fail(messages.paymentAndRefund(invoice.id));
  if (cents.in > 0) requirePayable(invoice);
  if (cents.out > 0) requireRefundable(world, invoice, cents.out);
  return invoice;
}

export default defineMutation<AddTransactionRequest, AddTransactionResult>({
  mutates: true,
  run(p, { world, now }) {
    // Every independent problem in one answer, in the order of the parameters; the amounts are
    // compared with each other, and with the invoice, only when they stand.
    const checks = new Checks();
    const client = checks.value(() =>
      requireMainClient(world, p.client_id, (parent) => `transactions belong to the main client: give client_id ${parent}`),
    );
    const inCents = checks.value(() => nonNegativeCents(p.in ?? '0', 'in'));
    const outCents = checks.value(() => nonNegativeCents(p.out ?? '0', 'out'));
    const feeCents = checks.value(() => nonNegativeCents(p.fee ?? '0', 'fee'));
    if (inCents !== undefined && outCents !== undefined) {
      const moved = inCents + outCents;
      checks.pass(() => {
        if (moved === 0) fail(messages.transactionEmpty());
      });
      if (feeCents !== undefined && moved > 0) {
        checks.pass(() => {
          if (feeCents > moved) fail(messages.paramInvalid('fee', `at most in plus out (${formatCents(moved)})`));
        });
      }
    }
    const gateway = p.module && p.module !== NONE ? checks.value(() => requireEnabledGateway(world, p.module as string, 'module')) : null;
    const date = checks.value(() =>
      p.date === undefined
        ? now
        : (parseDateAtTimeOf(p.date, now) ??
          fail(messages.paramInvalid('date', 'a real date as YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or an ISO 8601 date-time'))),
    );
    const invoice =
      p.invoice_id && p.invoice_id !== NONE ? checks.value(() => againstInvoice(world, p, client, { in: inCents, out: outCents })) : null;
    const ok = checks.settle({ client, inCents, outCents, feeCents, gateway, date, invoice });

    const common = { feeCents: ok.feeCents, transId: p.trans_id, date: ok.date, description: p.description };
    if (ok.invoice) {
      const via = ok.gateway ?? { id: ok.invoice.payment_module };
      if (ok.inCents > 0) recordPayment(world, { ...common, invoice: ok.invoice, cents: ok.inCents, gateway: via, sendEmail: false }, now);
      else recordRefund(world, { ...common, invoice: ok.invoice, cents: ok.outCents, gateway: via });
      return {};
    }
    recordTransaction(world, {
      client_id: ok.client.id,
      invoice_id: NONE,
      date: formatDateTime(ok.date),
      description: p.description ?? '',
      in: formatCents(ok.inCents),
      out: formatCents(ok.outCents),
      fee: formatCents(ok.feeCents),
      currency_id: ok.client.currency_id,
      payment_module: ok.gateway?.id ?? NONE,
      trans_id: p.trans_id,
    });
    return {};
  },
});
