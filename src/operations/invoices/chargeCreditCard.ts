import { defineMutation } from '../operation.js';
import { requireInvoice } from '../../domain/invoices.js';
import { fail, messages, notFound } from '../../errors.js';
import { declineReason } from '../../domain/cards.js';
import { requireCard } from '../../domain/clients.js';
import { formatCents, positiveCents } from '../../domain/money.js';
import { balanceDueCents, recordPayment, requirePayable } from '../../domain/payments.js';
import type { ChargeCreditCardRequest, ChargeCreditCardResult } from '../../generated/wire.js';

export const CARD_CHARGED = 'Credit card has been charged.';

/** What to charge: the balance due, or less when custom[amount] says so. */
function chargeCents(dueCents: number, amount: string | undefined): number {
  if (amount === undefined) return dueCents;
  const cents = positiveCents(amount, 'custom[amount]');
  if (cents > dueCents) fail(messages.paramInvalid('custom[amount]', `at most the balance due of ${formatCents(dueCents)}`));
  return cents;
}

export default defineMutation<ChargeCreditCardRequest, ChargeCreditCardResult & { info: string[] }>({
  mutates: true,
  run({ id, card_id, custom }, { world, now }) {
    const invoice = requireInvoice(world, id);
    requirePayable(invoice);
    const due = balanceDueCents(world, invoice);
    if (due <= 0) fail(messages.nothingDue(invoice.id));
    const card = requireCard(world, invoice.client_id, card_id);
    const gateway = world.get('gateways', card.gateway_id) ?? notFound('Gateway', card.gateway_id);
    if (gateway.enabled !== '1') fail(messages.cardGatewayDisabled(card.id, gateway.id, gateway.name));
    const cents = chargeCents(due, custom?.amount);
    // The gateway answers last: a request it would refuse never reaches it.
    const declined = declineReason(card, now);
    if (declined) fail(messages.cardDeclined(declined, card.lastfour));

    recordPayment(world, { invoice, cents, feeCents: 0, gateway, date: now, sendEmail: false }, now);
    return { info: [CARD_CHARGED] };
  },
});
