import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { ENCODINGS, api, assertError, assertSuccess, build, storeJson, type WireParams, SERVER_TIME } from '../../helpers/app.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { refusals, refusedEach, refusedWith } from '../../helpers/refusals.js';
import { read } from '../../helpers/reads.js';

const CALL = 'chargeCreditCard';
const CHARGED = { success: true, call: CALL, server_time: SERVER_TIME, info: ['Credit card has been charged.'] };
const NOT_PAYABLE = 'only an Unpaid invoice (or one in Collections) takes payments';

// Invoice 8: Grace Liu (client 7, USD), total 75.04 with 25.00 paid, so 50.04 due; order 1018 is Pending on it.
// Client 7's cards: 3 (4242, primary), 4 (9995), 5 (0069), 6 (0119), 7 (1881, expired 10/2026).
const charge = (id: string, extra: Record<string, string>) => ({
  in: '50.04',
  out: '0.00',
  id,
  firstname: 'Grace',
  lastname: 'Liu',
  date: '2026-11-20 12:00:00',
  currency_id: '0',
  description: 'Invoice #8 payment',
  fee: '0.00',
  module: 'Stripe',
  client_id: '7',
  trans_id: `BS-20261120-0000${id}`,
  invoice_id: '8',
  ...extra,
});

async function invoice(t: Test, app: FastifyInstance, id: string, session?: string) {
  const result = await read(t, app, 'getInvoiceDetails', { id }, session);
  return { invoice: result.invoice as Record<string, unknown>, transactions: result.transactions as Record<string, unknown>[] };
}

t.test("chargeCreditCard charges the balance due to the client's primary card and settles the invoice", async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { id: '8' });
  infoAnswer(t, body, CHARGED, 'the published answer');

  const paid = await invoice(t, app, '8');
  t.match(paid.invoice, { status: 'Paid', paid_id: '2026/0048', datepaid: '2026-11-20 12:00:00' });
  t.strictSame(paid.transactions.length, 2);
  t.strictSame(paid.transactions[1], charge('21', {}), "the balance due, through the card's gateway, with a made-up reference");
  const listed = await read(t, app, 'getTransactions', { invoice_id: '8' });
  t.strictSame((listed.transactions as unknown[])[0], charge('21', {}));
  t.match((await read(t, app, 'getOrderDetails', { id: '1018' })).details, { status: 'Active', invstatus: 'Paid' });
  t.equal(((await read(t, app, 'getClientDetails', { id: '7' })).client as { credit: string }).credit, '0.00');
  const outbox = await app.inject({ method: 'GET', url: '/__billsim/emails' });
  t.strictSame(outbox.json().emails, [], 'no e-mail: the call documents no parameter for one');
});

t.test('card_id=primary and the primary card id charge the same card', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { id: '8', card_id: 'primary' }, { session: 'primary' }), CHARGED);
  t.strictSame(await api(app, CALL, { id: '8', card_id: '3' }, { session: 'three' }), CHARGED);
  t.strictSame(await invoice(t, app, '8', 'primary'), await invoice(t, app, '8', 'three'));
});

t.test('custom[amount] charges part of the balance; a later charge takes the rest', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { id: '8', 'custom[amount]': '20' }), CHARGED);
  const partial = await invoice(t, app, '8');
  t.match(partial.invoice, { status: 'Unpaid', paid_id: '' });
  t.strictSame(partial.transactions[1], charge('21', { in: '20.00', description: 'Invoice #8 partial payment' }));

  t.strictSame(await api(app, CALL, { id: '8' }), CHARGED);
  const paid = await invoice(t, app, '8');
  t.match(paid.invoice, { status: 'Paid', paid_id: '2026/0048' });
  t.strictSame(paid.transactions[2], charge('22', { in: '30.04' }), 'the rest: 75.04 - 25.00 - 20.00');
});

t.test('charging the invoice of a new Pending order activates the order and its service', async (t) => {
  const app = await build(t);
  const order = await api(app, 'addOrder', { client_id: '7', product: '2', cycle: 'm', invoice_generate: '1' });
  assertSuccess(t, order, 'addOrder');
  const orderId = order.order_id as string;
  const placed = (await read(t, app, 'getOrderDetails', { id: orderId })).details as { invoice_id: string };
  t.match(placed, { status: 'Pending', hosting: [{ status: 'Pending' }] });

  t.strictSame(await api(app, CALL, { id: placed.invoice_id }), CHARGED);
  t.match((await invoice(t, app, placed.invoice_id)).invoice, { status: 'Paid', paid_id: '2026/0048' });
  const accepted = (await read(t, app, 'getOrderDetails', { id: orderId })).details as { hosting: { id: string }[] };
  t.match(accepted, { status: 'Active', invstatus: 'Paid', hosting: [{ status: 'Active' }] });
  t.match((await read(t, app, 'getAccountDetails', { id: accepted.hosting[0].id })).details, { status: 'Active' });
});

t.test('the test cards decline and change nothing', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  const cases: Array<[string, string]> = [
    ['4', 'Credit card has been declined: insufficient funds (card ending 9995)'],
    ['5', 'Credit card has been declined: expired card (card ending 0069)'],
    ['6', 'Credit card has been declined: gateway error (card ending 0119)'],
    ['7', 'Credit card has been declined: card expired 10/2026 (card ending 1881)'],
  ];
  for (const [card, message] of cases) assertError(t, await api(app, CALL, { id: '8', card_id: card }), CALL, [message]);
  for (const [card, message] of cases) {
    assertError(t, await api(app, CALL, { id: '8', card_id: card, 'custom[amount]': '1.00' }), CALL, [message]);
  }
  t.equal(storeJson(app), before, 'no transaction and no status change');
});

t.test('a card expiring this month still charges; from the next month on it is declined', async (t) => {
  const app = await build(t);
  const { world } = app.billsim.sessions.get('default');
  const card = {
    id: '8',
    client_id: '7',
    cardtype: 'MasterCard',
    cardnum: '',
    lastfour: '4444',
    expdate: '1126',
    token: 'tok_x',
    gateway_id: '4',
  };
  await world.mutate(() => world.insert('client_cards', card));
  t.strictSame(await api(app, CALL, { id: '8', card_id: '8', 'custom[amount]': '1.00' }), CHARGED, 'November 2026, the clock month');
  t.strictSame((await invoice(t, app, '8')).transactions[1].module, 'Authorize.net CC', "the card's own gateway");

  const moved = await app.inject({ method: 'POST', url: '/__billsim/clock', payload: { now: '2026-12-01 00:00:00' } });
  t.equal(moved.json().now, '2026-12-01 00:00:00');
  assertError(t, await api(app, CALL, { id: '8', card_id: '8', 'custom[amount]': '1.00' }), CALL, [
    'Credit card has been declined: card expired 11/2026 (card ending 4444)',
  ]);
});

t.test('chargeCreditCard refusals change nothing', async (t) => {
  const app = await build(t);
  const cases: Array<[string, WireParams, string]> = [
    ['unknown invoice', { id: '99' }, 'Invoice 99 not found'],
    ['Paid invoice', { id: '1' }, `Invoice #1 is Paid: ${NOT_PAYABLE}`],
    ['Cancelled invoice', { id: '7' }, `Invoice #7 is Cancelled: ${NOT_PAYABLE}`],
    ['Refunded invoice', { id: '9' }, `Invoice #9 is Refunded: ${NOT_PAYABLE}`],
    [
      'no card on file',
      { id: '3' },
      'Client 3 has no card on file: nothing to charge; record a payment made another way with addInvoicePayment',
    ],
    ['unknown card', { id: '8', card_id: '99' }, 'Card 99 not found'],
    [
      "another client's card",
      { id: '8', card_id: '1' },
      'Card 1 belongs to client 1, not to client 7: give a card of client 7 or card_id=primary',
    ],
    [
      'zero amount',
      { id: '8', 'custom[amount]': '0.00' },
      'Parameter custom[amount] must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
    ],
    [
      'negative amount',
      { id: '8', 'custom[amount]': '-5' },
      'Parameter custom[amount] must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
    ],
    ['more than due', { id: '8', 'custom[amount]': '50.05' }, 'Parameter custom[amount] must be at most the balance due of 50.04'],
  ];
  await refusedEach(t, app, CALL, cases);
});

t.test('an invoice with nothing left to pay and a card at a disabled gateway are refused', async (t) => {
  const app = await build(t);
  const { world } = app.billsim.sessions.get('default');
  await world.mutate(() => {
    world.replace('invoices', { ...world.get('invoices', '12')!, total: '40.00' });
    world.insert('client_cards', { ...world.get('client_cards', '1')!, id: '8', client_id: '2' });
    world.replace('gateways', { ...world.get('gateways', '2')!, enabled: '0' });
  });
  await refusedWith(t, app, CALL, [
    [{ id: '12' }, 'Invoice #12 has nothing left to pay: its payments already reach its total'],
    [{ id: '8' }, 'Card 3 is stored at gateway 2 (Stripe), which is disabled: charge another card with card_id'],
  ]);
});

t.test('chargeCreditCard works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  const params = { id: '8', card_id: '3', 'custom[amount]': '10.50' };
  for (const via of ENCODINGS) t.strictSame(await api(app, CALL, params, { via, session: via }), CHARGED, via);
  const states = await Promise.all(ENCODINGS.map((via) => invoice(t, app, '8', via)));
  for (const state of states) t.strictSame(state, states[0]);
  t.strictSame(states[0].transactions[1], charge('21', { in: '10.50', description: 'Invoice #8 partial payment' }));
  t.equal((await invoice(t, app, '8')).transactions.length, 1, 'the default session is untouched');
});

refusals('chargeCreditCard parameter errors', CALL, [
  [{}, 'Parameter id is required'],
  [{ id: 'eight' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '8', card_id: 'first' }, 'Parameter card_id must be primary or a positive whole number card id, such as 3'],
  [
    { id: '8', 'custom[amount]': 'all' },
    'Parameter custom[amount] must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
  ],
  [{ id: '8', custom: '10' }, 'Parameter custom must be given as custom[amount]=10.00'],
]);
