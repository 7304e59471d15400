import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertError, assertSuccess, build, storeJson, SERVER_TIME } from '../../helpers/app.js';
import { idRefusals, refusedWith } from '../../helpers/refusals.js';
import { answersInEachSession, sameStateInEachSession } from '../../helpers/sessions.js';
import type { WireParams } from '../../helpers/app.js';
import { invoiceDetails, read } from '../../helpers/reads.js';

const CALL = 'deleteOrder';
const deleted = (id: string) => ({ success: true, call: CALL, server_time: SERVER_TIME, info: [`Order #${id} deleted`] });

type Row = { id: string; status: string; order_id?: string };

/** What the order held, each re-read through its own call: [status, order_id] of services and domains, addon and invoice statuses. */
async function history(t: Test, app: FastifyInstance, ids: { accounts: string[]; domains: string[]; invoice?: string }) {
  const pair = async (call: string, id: string) => {
    const row = (await read(t, app, call, { id })).details as Row;
    return [row.status, row.order_id];
  };
  const addons: Record<string, string> = {};
  for (const account of ids.accounts) {
    for (const row of (await read(t, app, 'getAccountAddons', { id: account })).account_addons as Row[]) addons[row.id] = row.status;
  }
  return {
    accounts: await Promise.all(ids.accounts.map((id) => pair('getAccountDetails', id))),
    addons,
    domains: await Promise.all(ids.domains.map((id) => pair('getDomainDetails', id))),
    invoice: ids.invoice && ((await read(t, app, 'getInvoiceDetails', { id: ids.invoice })).invoice as Row).status,
  };
}

async function orderIds(t: Test, app: FastifyInstance, call: string, params: WireParams = {}): Promise<string[]> {
  return ((await read(t, app, call, { perpage: '100', ...params })).orders as Row[]).map((o) => o.id);
}

t.test('deleteOrder removes a Pending order; its service, domain and Unpaid invoice are cancelled and kept as history', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { id: '1018' }), deleted('1018'), 'the published answer');
  assertError(t, await api(app, 'getOrderDetails', { id: '1018' }), 'getOrderDetails', ['Order 1018 not found']);
  t.strictSame(await history(t, app, { accounts: ['10'], domains: ['8'], invoice: '8' }), {
    accounts: [['Cancelled', '0']],
    addons: {},
    domains: [['Cancelled', '0']],
    invoice: 'Cancelled',
  });
  t.notOk((await orderIds(t, app, 'getOrders')).includes('1018'), 'getOrders no longer lists it');
  t.strictSame(await orderIds(t, app, 'getClientOrders', { id: '7' }), ['1016']);
  t.match(await invoiceDetails(t, app, '8'), { client_id: '7', total: '75.04' }, 'the invoice stays');
  // The cancelled domain no longer holds its name.
  assertSuccess(
    t,
    await api(app, 'addOrder', { client_id: '7', domain_action: 'register', domain_sld: 'graceliu', domain_tld: '.io' }),
    'addOrder',
  );
});

t.test('deleteOrder terminates Active services and their addons; a Paid invoice stays Paid', async (t) => {
  const app = await build(t);
  // Order 1004: VPS (account 2, Active) with two Active addons, invoice 10 Paid.
  t.strictSame(await api(app, CALL, { id: '1004' }), deleted('1004'));
  t.strictSame(await history(t, app, { accounts: ['2'], domains: [], invoice: '10' }), {
    accounts: [['Terminated', '0']],
    addons: { 2: 'Terminated', 3: 'Terminated' },
    domains: [],
    invoice: 'Paid',
  });
});

t.test('deleteOrder terminates a Suspended service; a registered domain stays Active, released from the order', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { id: '1003' }), deleted('1003'));
  t.strictSame(await history(t, app, { accounts: ['5'], domains: ['4'], invoice: '3' }), {
    accounts: [['Terminated', '0']],
    addons: {},
    domains: [['Active', '0']],
    invoice: 'Cancelled',
  });
});

t.test('deleteOrder: Active service terminated, Pending addon and Pending Transfer cancelled', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { id: '1007' }), deleted('1007'));
  t.strictSame(await history(t, app, { accounts: ['6'], domains: ['5'], invoice: '4' }), {
    accounts: [['Terminated', '0']],
    addons: { 4: 'Cancelled' },
    domains: [['Cancelled', '0']],
    invoice: 'Paid',
  });
});

t.test('deleteOrder takes an order in any status; Fraud and Cancelled services keep their status', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { id: '1017' }), deleted('1017'));
  t.strictSame(await api(app, CALL, { id: '1015' }), deleted('1015'));
  t.strictSame(await history(t, app, { accounts: ['18', '9'], domains: [], invoice: '7' }), {
    accounts: [
      ['Fraud', '0'],
      ['Cancelled', '0'],
    ],
    addons: {},
    domains: [],
    invoice: 'Cancelled',
  });
  t.strictSame(await orderIds(t, app, 'getOrders', { list: 'fraud' }), []);
});

t.test('deleteOrder of a missing order is refused and changes nothing', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { id: '1018' }), CALL);
  await refusedWith(t, app, CALL, [[{ id: '99' }, 'Order 99 not found'], ...idRefusals('Order', '-4', '1018')]);
});

t.test('deleteOrder answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  await answersInEachSession(t, app, CALL, { id: '1004' }, deleted('1004'));
  t.not(sameStateInEachSession(t, app), storeJson(app), 'the default session is untouched');
});
