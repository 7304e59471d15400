import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertError, build, storeJson, SERVER_TIME } from '../../helpers/app.js';
import { answersInEachSession, sameStateInEachSession } from '../../helpers/sessions.js';
import { refusals } from '../../helpers/refusals.js';
import { accountDetails, domainDetails, invoiceDetails, read } from '../../helpers/reads.js';

const CALL = 'setOrderStatus';
const CHANGED = { success: true, call: CALL, server_time: SERVER_TIME, info: ['Order status changed'] };

/** Order 1018 and everything it holds (service 10, domain 8, invoice 8), each re-read through its own call. */
async function order1018(t: Test, app: FastifyInstance) {
  return {
    order: (await read(t, app, 'getOrderDetails', { id: '1018' })).details as Record<string, unknown>,
    account: await accountDetails(t, app, '10'),
    domain: await domainDetails(t, app, '8'),
    invoice: await invoiceDetails(t, app, '8'),
  };
}

t.test('setOrderStatus Active sets the status only: the service stays Pending, the domain unregistered', async (t) => {
  const app = await build(t);
  const before = await order1018(t, app);
  t.strictSame(await api(app, CALL, { id: '1018', status: 'Active' }), CHANGED, 'the published answer');
  const after = await order1018(t, app);
  t.strictSame(after, { ...before, order: { ...before.order, status: 'Active' } }, 'nothing but the status changed');
  t.match(after, {
    account: { status: 'Pending' },
    domain: { status: 'Pending Registration', expires: '0000-00-00' },
    invoice: { status: 'Unpaid' },
  });
  assertError(t, await api(app, 'setOrderActive', { id: '1018' }), 'setOrderActive', [
    'Order #1018 is Active: only an order that is Pending can be marked Active',
  ]);
});

t.test('setOrderStatus takes each status, from any status, and runs no automation', async (t) => {
  const app = await build(t);
  const before = await order1018(t, app);
  for (const status of ['Cancelled', 'Fraud', 'Active', 'Pending', 'Pending']) {
    t.strictSame(await api(app, CALL, { id: '1018', status }), CHANGED, status);
    t.strictSame(await order1018(t, app), { ...before, order: { ...before.order, status } }, `${status}: only the status`);
  }
  t.strictSame(await api(app, CALL, { id: '1015', status: 'Active' }), CHANGED);
  t.match(await accountDetails(t, app, '9'), { status: 'Cancelled' }, "a cancelled order's service is not revived");
  t.strictSame(
    (await read(t, app, 'getOrders', { list: 'active', perpage: '1', page: '0' })).sorter,
    { perpage: 1, totalpages: 19, sorterrecords: 19, sorterpage: 1 },
    'getOrders files it under its new status',
  );
});

refusals('setOrderStatus errors change nothing', CALL, [
  [{ id: '99', status: 'Active' }, 'Order 99 not found'],
  [{ id: '1018' }, 'Parameter status is required'],
  [{ status: 'Active' }, 'Parameter id is required'],
  [{ id: '1018', status: 'Draft' }, 'Parameter status must be one of: Pending, Active, Fraud, Cancelled'],
  [{ id: '1018', status: 'active' }, 'Parameter status must be one of: Pending, Active, Fraud, Cancelled'],
  [{ id: 'abc', status: 'Active' }, 'Parameter id must be a positive whole number id, such as 1'],
]);

t.test('setOrderStatus answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  await answersInEachSession(t, app, CALL, { id: '1018', status: 'Fraud' }, CHANGED);
  t.not(sameStateInEachSession(t, app), storeJson(app), 'the default session is untouched');
});
