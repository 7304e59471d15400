import t from 'tap';
import { ApiError } from '../../src/errors.js';
import { invoiceEstimate, newEstimate, sentStatus } from '../../src/domain/estimateLife.js';
import { withTotals } from '../../src/domain/invoiceLines.js';
import { newLines } from '../../src/domain/estimates.js';
import type { Estimate } from '../../src/generated/wire.js';
import { state, world, write } from '../helpers/world.js';

const NOW = new Date('2026-12-28T09:00:00Z');

/** A world of one client (with `credit`) and one estimate of two lines, one taxed, at 10% and 5%. */
function withEstimate(credit = '0.00', estimateCredit = '0.00') {
  const w = world({ currencies: [{ id: '0' }], clients: [{ credit }], gateways: [{}] });
  const estimate = write(w, () => {
    const fresh = newEstimate(w, w.get('clients', '1')!, NOW);
    const lines = newLines(w, fresh.id, [
      { description: 'Work', amount: '33.33', qty: '3', taxed: '1' },
      { description: 'Travel', amount: '20.00', taxed: '0' },
    ]);
    return w.insert('estimates', withTotals({ ...fresh, taxrate: '10.00', taxrate2: '5.00', credit: estimateCredit, items: lines }));
  });
  return { w, estimate };
}

t.test('a new estimate is a Draft that expires 7 days later, across a year end', async (t) => {
  const { estimate } = withEstimate();
  t.match(estimate, { status: 'Draft', date_created: '2026-12-28', date_expires: '2027-01-04', invoice_id: '0' });
});

t.test('sending moves Draft and Sent to Sent, keeps Accepted, and refuses Invoiced and Dead', async (t) => {
  const e = (status: Estimate['status']) => ({ ...withEstimate().estimate, status });
  t.equal(sentStatus(e('Draft')), 'Sent');
  t.equal(sentStatus(e('Sent')), 'Sent');
  t.equal(sentStatus(e('Accepted')), 'Accepted');
  t.throws(() => sentStatus(e('Invoiced')), new ApiError('Estimate 1 is Invoiced: only a Draft, Sent or Accepted estimate can be sent'));
  t.throws(() => sentStatus(e('Dead')), new ApiError('Estimate 1 is Dead: only a Draft, Sent or Accepted estimate can be sent'));
});

t.test('the invoice made from an estimate has its lines and totals, and the estimate names it', async (t) => {
  const { w, estimate } = withEstimate();
  const invoice = write(w, () => invoiceEstimate(w, estimate, NOW));
  // 99.99 taxed + 20.00: tax 10.00 (9.999 rounded once), tax2 5.00.
  t.match(invoice, { status: 'Unpaid', date: '2026-12-28', subtotal: '119.99', tax: '10.00', tax2: '5.00', total: '134.99' });
  t.strictSame(
    invoice.items.map((l) => [l.description, l.amount, l.qty, l.taxed, l.linetotal]),
    estimate.items.map((l) => [l.description, l.amount, l.qty, l.taxed, l.linetotal]),
  );
  t.match(w.get('estimates', estimate.id), { status: 'Invoiced', invoice_id: invoice.id });
});

t.test("credit comes from the client's balance: all of it on the day it suffices, none when one cent short", async (t) => {
  const enough = withEstimate('10.00', '10.00');
  const invoice = write(enough.w, () => invoiceEstimate(enough.w, enough.estimate, NOW));
  t.match(invoice, { credit: '10.00', total: '124.99' });
  t.equal(enough.w.get('clients', '1')!.credit, '0.00');

  const short = withEstimate('9.99', '10.00');
  const before = state(short.w);
  t.throws(
    () => write(short.w, () => invoiceEstimate(short.w, short.estimate, NOW)),
    new ApiError('Client 1 has 9.99 credit, less than the 10.00 asked for: nothing was applied'),
  );
  t.equal(state(short.w), before, 'the refusal changed nothing');
});
