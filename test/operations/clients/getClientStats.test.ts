import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME, storeJson } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { refusals } from '../../helpers/refusals.js';

const CALL = 'getClientStats';
// Bruno (client 2, EUR): invoice 2 Paid, invoice 12 Unpaid; services 3 (shared) and 4 (other) Active;
// domain 3 Active; ticket 2 Answered; 15.00 credit; affiliate 2.
const BRUNO = {
  invoice_paid: 118.32,
  paid: 1,
  invoice_cancelled: 0,
  cancelled: 0,
  invoice_unpaid: 88.03,
  unpaid: 1,
  shared: 1,
  reseller: 0,
  dedicated: 0,
  other: 1,
  domain: '1',
  ticket: 1,
  credit: '15.00',
  affiliate: true,
  currency_id: '1',
  accounts: { shared: '1', other: '1' },
};

t.test("getClientStats answers the client's numbers in the published keys, order and mixed types", async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  const body = await api(app, CALL, { id: '2' });
  assertSuccess(t, body, CALL);
  t.strictSame(body, { success: true, stats: BRUNO, call: CALL, server_time: SERVER_TIME });
  t.strictSame(Object.keys(body), ['success', 'stats', 'call', 'server_time']);
  t.strictSame(Object.keys(body.stats as object), Object.keys(BRUNO), 'stats keys in the published order');
  t.equal(storeJson(app), before, 'nothing is stored');
});

t.test('getClientStats follows the records: worked out at each call', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'setInvoiceStatus', { id: '12', status: 'Cancelled' }), 'setInvoiceStatus');
  assertSuccess(t, await api(app, 'accountSuspend', { id: '3' }), 'accountSuspend');
  assertSuccess(t, await api(app, 'addClientCredit', { client_id: '2', amount: '5' }), 'addClientCredit');
  t.strictSame((await read(t, app, CALL, { id: '2' })).stats, {
    ...BRUNO,
    invoice_cancelled: 88.03,
    cancelled: 1,
    invoice_unpaid: 0,
    unpaid: 0,
    shared: 0,
    credit: '20.00',
    accounts: { other: '1' },
  });
});

t.test('a client without Active services answers accounts as an empty list, as PHP encodes one', async (t) => {
  const app = await build(t);
  // Charlotte (client 3): her only service is Suspended.
  const stats = (await read(t, app, CALL, { id: '3' })).stats as Record<string, unknown>;
  t.strictSame(stats.accounts, []);
  t.equal(stats.affiliate, false);
  const contact = (await read(t, app, CALL, { id: '10' })).stats as Record<string, unknown>;
  t.match(contact, { paid: 0, unpaid: 0, shared: 0, domain: '0', ticket: 0, accounts: [] }, 'a contact holds nothing of its own');
});

refusals('getClientStats refusals', CALL, [
  [{}, 'Parameter id is required'],
  [{ id: '0' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '99' }, 'Client 99 not found'],
]);
