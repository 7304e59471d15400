import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { ENCODINGS, api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { idRefusals, refusals } from '../../helpers/refusals.js';
import { answersInEachSession, sessionOf } from '../../helpers/sessions.js';
import { accountDetails, domainDetails, invoiceDetails, read } from '../../helpers/reads.js';

const CALL = 'setOrderPending';
const marked = (id: string) => ({ success: true, call: CALL, server_time: SERVER_TIME, info: [`Order #${id} marked Pending`] });

/** What an order touches, each re-read through its own call. */
async function everything(t: Test, app: FastifyInstance, order: string, account: string, domain: string | null, invoice: string | null) {
  return {
    order: (await read(t, app, 'getOrderDetails', { id: order })).details as Record<string, unknown>,
    account: await accountDetails(t, app, account),
    addons: (await read(t, app, 'getAccountAddons', { id: account })).account_addons,
    domain: domain && (await domainDetails(t, app, domain)),
    invoice: invoice && (await invoiceDetails(t, app, invoice)),
  };
}

t.test('setOrderPending marks an Active order Pending and changes nothing else', async (t) => {
  const app = await build(t);
  // Order 1007: Active service 6 with a Pending addon, kowalski-foto.net Pending Transfer, invoice 4 Paid.
  const before = await everything(t, app, '1007', '6', '5', '4');
  const body = await api(app, CALL, { id: '1007' });
  t.strictSame(body, marked('1007'), 'the published answer: no id, info "Order #4 marked Pending"');
  const after = await everything(t, app, '1007', '6', '5', '4');
  t.strictSame(after, { ...before, order: { ...before.order, status: 'Pending' } });
  t.strictSame(
    ((await read(t, app, 'getOrders', { list: 'pending' })).orders as Array<{ id: string }>).map((o) => o.id),
    ['1018', '1007'],
  );
});

t.test('setOrderPending takes back a Fraud or Cancelled order, leaving its services, domains and invoice as they are', async (t) => {
  const app = await build(t);
  const fraud = await everything(t, app, '1017', '18', null, null);
  t.strictSame(await api(app, CALL, { id: '1017' }), marked('1017'));
  t.strictSame(await everything(t, app, '1017', '18', null, null), { ...fraud, order: { ...fraud.order, status: 'Pending' } });
  t.match(fraud.account, { status: 'Fraud' }, 'the service stays Fraud');

  const cancelled = await everything(t, app, '1015', '9', null, '7');
  t.strictSame(await api(app, CALL, { id: '1015' }), marked('1015'));
  t.strictSame(await everything(t, app, '1015', '9', null, '7'), { ...cancelled, order: { ...cancelled.order, status: 'Pending' } });
  t.match(cancelled, { account: { status: 'Cancelled' }, invoice: { status: 'Cancelled' } });
});

t.test('a Pending order can be accepted again', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { id: '1007' }), CALL);
  assertSuccess(t, await api(app, 'setOrderActive', { id: '1007' }), 'setOrderActive');
  t.match(
    (await read(t, app, 'getAccountAddons', { id: '6' })).account_addons,
    [{ id: '4', status: 'Active' }],
    'its Pending addon is activated',
  );
});

refusals('setOrderPending refuses a Pending order, naming its status, and changes nothing', CALL, [
  [{ id: '1018' }, 'Order #1018 is Pending: only an order that is Active or Fraud or Cancelled can be marked Pending'],
  ...idRefusals('Order', '#4'),
]);

t.test('setOrderPending answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  await answersInEachSession(t, app, CALL, { id: '1004' }, marked('1004'));
  for (const via of ENCODINGS)
    t.match((await read(t, app, 'getOrderDetails', { id: '1004' }, sessionOf(via))).details, { status: 'Pending' }, via);
  t.match((await read(t, app, 'getOrderDetails', { id: '1004' })).details, { status: 'Active' }, 'the default session is untouched');
});
