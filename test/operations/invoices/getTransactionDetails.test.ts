import t from 'tap';
import { api, build, readContext, SERVER_TIME } from '../../helpers/app.js';
import { read, readEverywhere } from '../../helpers/reads.js';
import { idRefusals, refusals } from '../../helpers/refusals.js';
import { keyOrder } from '../../helpers/shapes.js';
import { world } from '../../helpers/world.js';
import getTransactionDetails from '../../../src/operations/invoices/getTransactionDetails.js';

const CALL = 'getTransactionDetails';
const PUBLISHED_KEYS = 'client_id invoice_id module date description in fee out trans_id id rate currency_id';

t.test('getTransactionDetails answers the published shape: the gateway by id, and the rate', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { id: '2' });
  t.strictSame(body, {
    success: true,
    transaction: {
      client_id: '2',
      invoice_id: '2',
      module: '3',
      date: '2026-02-16 09:30:00',
      description: 'Invoice #2 partial payment (bank transfer)',
      in: '40.00',
      fee: '0.00',
      out: '0.00',
      trans_id: 'BT-20260216-0031',
      id: '2',
      rate: '0.9215',
      currency_id: '1',
    },
    call: CALL,
    server_time: SERVER_TIME,
  });
  t.strictSame(Object.keys(body), ['success', 'transaction', 'call', 'server_time'], 'the published key order');
  keyOrder(t, body.transaction, PUBLISHED_KEYS);
  t.strictSame((await readEverywhere(t, app, CALL, { id: '2' })).transaction, body.transaction, 'the same through every encoding');
});

t.test('a refund shows what went out', async (t) => {
  const app = await build(t);
  t.strictSame((await read(t, app, CALL, { id: '15' })).transaction, {
    client_id: '8',
    invoice_id: '9',
    module: '1',
    date: '2026-04-02 09:05:47',
    description: 'Refund of invoice #9',
    in: '0.00',
    fee: '0.00',
    out: '4.49',
    trans_id: '2WB55170EF6628813',
    id: '15',
    rate: '1.0000',
    currency_id: '0',
  });
});

t.test('a payment just recorded reads back in detail', async (t) => {
  const app = await build(t);
  await read(t, app, 'addInvoicePayment', {
    id: '12',
    amount: '10.00',
    paymentmodule: '2',
    fee: '0.59',
    date: '2026-11-20',
    transnumber: 'ch_42',
  });
  t.strictSame((await read(t, app, CALL, { id: '21' })).transaction, {
    client_id: '2',
    invoice_id: '12',
    module: '2',
    date: '2026-11-20 12:00:00',
    description: 'Invoice #12 partial payment',
    in: '10.00',
    fee: '0.59',
    out: '0.00',
    trans_id: 'ch_42',
    id: '21',
    rate: '0.9215',
    currency_id: '1',
  });
});

t.test("the rate is the invoice's, or the currency's when the invoice is gone", async (t) => {
  const w = world({
    currencies: [{ id: '1', rate: '0.9500' }],
    clients: [{ currency_id: '1' }],
    invoices: [{ currency_id: '1', rate: '0.9000' }],
    transactions: [
      { invoice_id: '1', currency_id: '1' },
      { invoice_id: '7', currency_id: '1' },
    ],
  });
  const rate = (id: string) => getTransactionDetails.run({ id }, readContext(w)).transaction.rate;
  t.equal(rate('1'), '0.9000', 'the rate the invoice was issued at');
  t.equal(rate('2'), '0.9500', "the currency's rate today");
});

refusals('getTransactionDetails refuses a missing, malformed or unknown id', CALL, idRefusals('Transaction', 'abc'));
