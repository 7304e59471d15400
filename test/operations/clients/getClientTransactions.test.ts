import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { refusals } from '../../helpers/refusals.js';

const CALL = 'getClientTransactions';

t.test("getClientTransactions answers the client's rows as getTransactions does, keys in the published order", async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { id: '2' });
  assertSuccess(t, body, CALL);
  const all = await read(t, app, 'getTransactions', { client_id: '2' });
  t.strictSame(body, { success: true, transactions: all.transactions, sorter: all.sorter, call: CALL, server_time: SERVER_TIME });
  const first = (body.transactions as object[])[0];
  t.strictSame(
    Object.keys(first),
    [
      'in',
      'out',
      'id',
      'firstname',
      'lastname',
      'date',
      'currency_id',
      'description',
      'fee',
      'module',
      'client_id',
      'trans_id',
      'invoice_id',
    ],
    'in and out first, as published',
  );
  t.strictSame(first, {
    in: '40.00',
    out: '0.00',
    id: '20',
    firstname: 'Bruno',
    lastname: 'Keller',
    date: '2026-11-18 10:20:00',
    currency_id: '1',
    description: 'Invoice #12 partial payment (bank transfer)',
    fee: '0.00',
    module: 'Bank Transfer',
    client_id: '2',
    trans_id: 'BT-20261118-0026',
    invoice_id: '12',
  });
});

t.test('a new payment shows at the top; filters and filterop[date] narrow the list', async (t) => {
  const app = await build(t);
  assertSuccess(
    t,
    await api(app, 'addInvoicePayment', {
      id: '12',
      amount: '10',
      paymentmodule: '3',
      fee: '0',
      date: '2026-11-20',
      transnumber: 'BT-NEW',
    }),
    'addInvoicePayment',
  );
  const ids = async (params: Record<string, string>) =>
    ((await read(t, app, CALL, { id: '2', ...params })).transactions as Array<{ id: string; trans_id: string }>).map((tx) => tx.trans_id);
  const all = await ids({});
  t.equal(all[0], 'BT-NEW');
  t.strictSame(await ids({ 'filter[date]': '2026-11-18' }), ['BT-20261118-0026']);
  t.strictSame(await ids({ 'filter[date]': '2026-11-18', 'filterop[date]': '>' }), ['BT-NEW']);
  t.strictSame(
    await ids({ 'filter[date]': '2026-11-18', 'filterop[date]': '!=' }),
    all.filter((id) => id !== 'BT-20261118-0026'),
  );
  t.strictSame(await ids({ 'filter[trans_id]': 'bt-new', 'filter[module]': 'bank transfer' }), ['BT-NEW']);
  const paged = await read(t, app, CALL, { id: '2', perpage: '1', page: '1' });
  t.strictSame(paged.sorter, { perpage: 1, totalpages: all.length, sorterrecords: all.length, sorterpage: 2 });
  t.strictSame((await read(t, app, CALL, { id: '3', 'filter[module]': 'Bank Transfer', 'filter[in]': '40.00' })).transactions, []);
});

refusals('getClientTransactions refusals', CALL, [
  [{}, 'Parameter id is required'],
  [{ id: '99' }, 'Client 99 not found'],
  [{ id: '2', 'filterop[date]': '>=' }, 'Parameter filterop[date] must be one of: =, <, >, !='],
  [{ id: '2', 'filter[type]': 'invoice' }, 'Parameter filter[type] must be absent: it is not a known key here'],
]);
