// Random sequences of the money calls on the bundled world, each on a fresh
// session. After every step: invoice totals equal their lines; a payment call
// that succeeded added exactly one transaction of the amount it was given;
// credit moves exactly as asked, is never negative and its log adds up to the
// client's balance; an Unpaid invoice never holds more than its total; an
// affiliate's balance is the commissions it earned less what it withdrew; a
// failed call changed nothing. FUZZ_RUNS scales the number of sequences.
import t from 'tap';
import fc from 'fast-check';
import { build, storeJson } from '../helpers/app.js';
import { checkAnswer, fcParams, reproduce, send, totalRuns, type Pair } from './support.js';
import { checkMoney, checkTotals } from './state.js';
import { formatCents, toCents } from '../../src/domain/money.js';
import type { World } from '../../src/store/world.js';
import type { Collections } from '../../src/generated/wire.js';

const SEQUENCES = Math.max(10, Math.round(totalRuns(2_500) / 250));

interface Step {
  call: string;
  pairs: Pair[];
}

// Bundled: clients 1-11 (9 a Lead, 8 Inactive), invoices 1-12; new invoices start at 13.
const client = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 11 }).map(String), weight: 9 }, { arbitrary: fc.constant('99'), weight: 1 });
const invoice = fc.oneof(
  { arbitrary: fc.constantFrom('3', '8', '12'), weight: 4 },
  { arbitrary: fc.integer({ min: 13, max: 18 }).map(String), weight: 5 },
  { arbitrary: fc.integer({ min: 1, max: 12 }).map(String), weight: 2 },
);
const money = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 20_000 }).map(formatCents), weight: 8 },
  { arbitrary: fc.constantFrom('0', '-1.00', '10', '10.5', '0.01', '99999.99'), weight: 2 },
);
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });
const pair = (key: string, value: string | undefined): Pair[] => (value === undefined ? [] : [[key, value]]);
const step = (call: string, pairs: Array<Pair | Pair[]>): Step => ({
  call,
  pairs: pairs.flatMap((p) => (p.length === 0 || Array.isArray(p[0]) ? (p as Pair[]) : [p as Pair])),
});

const STEPS: fc.Arbitrary<Step>[] = [
  client.map((c) => step('addInvoice', [['client_id', c]])),
  fc.record({ id: invoice, price: money, qty: fc.constantFrom('1', '2', '1.5'), tax: fc.constantFrom('0', '1') }).map((p) =>
    step('addInvoiceItem', [
      ['id', p.id],
      ['line', 'Consulting'],
      ['price', p.price],
      ['qty', p.qty],
      ['tax', p.tax],
    ]),
  ),
  fc
    .record({ id: invoice, credit: optional(money), taxrate: optional(fc.constantFrom('0', '10', '20', '8.25')) })
    .map((p) => step('editInvoiceDetails', [['id', p.id], pair('credit', p.credit), pair('taxrate', p.taxrate)])),
  fc.record({ id: invoice, status: fc.constantFrom('Paid', 'Unpaid', 'Cancelled') }).map((p) =>
    step('setInvoiceStatus', [
      ['id', p.id],
      ['status', p.status],
    ]),
  ),
  invoice.map((id) => step('deleteInvoice', [['id', id]])),
  invoice.map((id) => step('sendInvoice', [['id', id]])),
  fc
    .record({
      id: invoice,
      amount: money,
      gateway: fc.integer({ min: 1, max: 6 }).map(String),
      fee: fc.constantFrom('0', '0.50', '1.00'),
      send: optional(fc.constantFrom('0', '1')),
    })
    .map((p) =>
      step('addInvoicePayment', [
        ['id', p.id],
        ['amount', p.amount],
        ['paymentmodule', p.gateway],
        ['fee', p.fee],
        ['date', '2026-11-20'],
        pair('send_email', p.send),
      ]),
    ),
  // Client 7 (invoice 8) keeps cards 3-7: 3 charges, 4-6 decline, 7 is past its expiry.
  fc
    .record({
      id: fc.oneof({ arbitrary: fc.constant('8'), weight: 3 }, { arbitrary: invoice, weight: 1 }),
      card: optional(fc.constantFrom('primary', '3', '4', '5', '6', '7', '1')),
      amount: optional(fc.oneof(fc.constantFrom('1.00', '10', '50.04'), money)),
    })
    .map((p) => step('chargeCreditCard', [['id', p.id], pair('card_id', p.card), pair('custom[amount]', p.amount)])),
  // Client 2 (invoice 12) and client 6 start with credit; addClientCredit gives others some.
  fc
    .record({
      id: fc.oneof({ arbitrary: fc.constant('12'), weight: 2 }, { arbitrary: invoice, weight: 1 }),
      amount: fc.oneof(fc.constantFrom('1.00', '5', '15.00', '0.01'), money),
    })
    .map((p) =>
      step('applyInvoiceCredit', [
        ['id', p.id],
        ['apply_credit', p.amount],
      ]),
    ),
  fc.record({ client, amount: money }).map((p) =>
    step('addClientCredit', [
      ['client_id', p.client],
      ['amount', p.amount],
    ]),
  ),
  fc.record({ client, amount: money }).map((p) =>
    step('addCreditReceipt', [
      ['client_id', p.client],
      ['amount', p.amount],
    ]),
  ),
  // Orders 1001-1021 are bundled, new ones follow; affiliates 1 and 2 are Active, 3 is not.
  fc.record({ id: fc.integer({ min: 1001, max: 1026 }).map(String), referral: fc.constantFrom('1', '2', '3', '99') }).map((p) =>
    step('setOrderReferrer', [
      ['id', p.id],
      ['referral', p.referral],
    ]),
  ),
  client.map((c) =>
    step('addOrder', [
      ['client_id', c],
      ['product', '1'],
      ['cycle', 'm'],
      ['invoice_generate', '1'],
      ['confirm', '1'],
    ]),
  ),
];

/** What a successful call must have done, judged from the world before and after it. */
function checkEffect(call: string, pairs: Pair[], before: Collections, world: World): string[] {
  const param = (name: string) => pairs.find(([k]) => k === name)?.[1];
  const after = world.snapshot();
  const problems: string[] = [];
  const newTx = after.transactions.filter((tx) => !before.transactions.some((b) => b.id === tx.id));
  if (call === 'addInvoicePayment' || call === 'chargeCreditCard') {
    if (newTx.length !== 1) return [`${call} added ${newTx.length} transactions`];
    const inv = before.invoices.find((i) => i.id === param('id'));
    const paidBefore = before.transactions
      .filter((tx) => tx.invoice_id === param('id'))
      .reduce((n, tx) => n + toCents(tx.in) - toCents(tx.out), 0);
    const due = inv ? toCents(inv.total) - paidBefore : Number.NaN;
    const given = call === 'addInvoicePayment' ? param('amount') : (param('custom[amount]') ?? formatCents(due));
    if (newTx[0].in !== formatCents(toCents(given ?? 'x'))) problems.push(`${call} recorded ${newTx[0].in}, asked ${given}`);
  } else if (newTx.length > 0) problems.push(`${call} added a transaction`);
  const creditOf = (data: typeof before, id: string | undefined) => toCents(data.clients.find((c) => c.id === id)?.credit ?? '0');
  if (call === 'addClientCredit') {
    const id = param('client_id');
    if (creditOf(after, id) - creditOf(before, id) !== toCents(param('amount') ?? 'x'))
      problems.push('addClientCredit moved another amount');
  }
  if (call === 'applyInvoiceCredit') {
    const id = before.invoices.find((i) => i.id === param('id'))?.client_id;
    const same = before.invoices.find((i) => i.id === param('id'))?.currency_id === before.clients.find((c) => c.id === id)?.currency_id;
    if (same && creditOf(before, id) - creditOf(after, id) !== toCents(param('apply_credit') ?? 'x'))
      problems.push('applyInvoiceCredit took another amount');
  }
  return problems;
}

t.test('random money sequences keep totals, payments and credit consistent after every step', async (t) => {
  const app = await build(t);
  const initial = app.billsim.sessions.get('money-initial').world;
  t.strictSame(checkMoney(initial), [], 'the bundled world satisfies the money invariants');
  let run = 0;
  const tally: Record<string, number> = {};
  try {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(...STEPS), { minLength: 1, maxLength: 15 }), async (steps) => {
        const session = `money-${run++}`;
        const world = app.billsim.sessions.get(session).world;
        for (const [index, { call, pairs }] of steps.entries()) {
          const before = storeJson(app, session);
          const snapshot = world.snapshot();
          const body = checkAnswer(await send(app, { via: 'form', call, pairs, session }), call);
          const key = `${call} ${body.success ? 'ok' : 'refused'}`;
          tally[key] = (tally[key] ?? 0) + 1;
          const problems = body.success
            ? checkEffect(call, pairs, snapshot, world)
            : storeJson(app, session) === before
              ? []
              : ['failed but changed the store'];
          problems.push(...checkMoney(world));
          for (const i of world.all('invoices')) problems.push(...checkTotals('invoice', i));
          if (problems.length > 0) {
            throw new Error(
              `step ${index} ${call} ${JSON.stringify(pairs)} -> ${JSON.stringify(body.error ?? 'ok')}; ${problems.join('; ')}`,
            );
          }
        }
        app.billsim.sessions.delete(session);
      }),
      fcParams(SEQUENCES, 300),
    );
    t.pass(`${SEQUENCES} sequences`);
    for (const call of ['addInvoicePayment', 'chargeCreditCard', 'applyInvoiceCredit', 'addInvoiceItem', 'setInvoiceStatus']) {
      t.ok((tally[`${call} ok`] ?? 0) > 0, `${call} succeeded at least once`);
    }
    if (process.env.FUZZ_VERBOSE) for (const [key, n] of Object.entries(tally).sort()) t.comment(`  ${n} x ${key}`);
  } catch (error) {
    t.fail(`${(error as Error).message}\n${reproduce(300)}`);
  }
});
