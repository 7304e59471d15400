import t from 'tap';
import { newOrder } from '../../../src/domain/orders.js';
import type { OrderUpgrade } from '../../../src/generated/wire.js';
import { FROZEN_NOW, api, assertError, assertSuccess, build, storeJson, SERVER_TIME } from '../../helpers/app.js';
import { idRefusals, refusedWith } from '../../helpers/refusals.js';
import { answersInEachSession, sameStateInEachSession } from '../../helpers/sessions.js';
import { accountDetails, orderStatuses, read } from '../../helpers/reads.js';

const CALL = 'setOrderCancel';
const marked = (id: string) => ({ success: true, call: CALL, server_time: SERVER_TIME, info: [`Order #${id} marked Cancelled`] });

t.test('setOrderCancel on a Pending order cancels its service, domain and Unpaid invoice', async (t) => {
  const app = await build(t);
  const ids = { order: '1018', accounts: ['10'], domains: ['8'], invoice: '8' };
  t.strictSame(await api(app, CALL, { id: '1018' }), marked('1018'), 'the published answer');
  t.strictSame(await orderStatuses(t, app, ids), {
    order: 'Cancelled',
    accounts: ['Cancelled'],
    addons: {},
    domains: ['Cancelled'],
    invoice: 'Cancelled',
  });
  t.match((await read(t, app, 'getOrderDetails', { id: '1018' })).details, { invstatus: 'Cancelled', hosting: [{ status: 'Cancelled' }] });
});

t.test('setOrderCancel on an Active order cancels only what it has not delivered; a Paid invoice stays Paid', async (t) => {
  const app = await build(t);
  // Order 1007: Active service 6 with Pending addon 4, kowalski-foto.net Pending Transfer, invoice 4 Paid.
  const ids = { order: '1007', accounts: ['6'], domains: ['5'], invoice: '4' };
  t.strictSame(await api(app, CALL, { id: '1007' }), marked('1007'));
  t.strictSame(await orderStatuses(t, app, ids), {
    order: 'Cancelled',
    accounts: ['Active'],
    addons: { 4: 'Cancelled' },
    domains: ['Cancelled'],
    invoice: 'Paid',
  });
});

t.test('setOrderCancel leaves a Suspended service and a registered domain; an Unpaid invoice is cancelled', async (t) => {
  const app = await build(t);
  const ids = { order: '1003', accounts: ['5'], domains: ['4'], invoice: '3' };
  t.strictSame(await api(app, CALL, { id: '1003' }), marked('1003'));
  t.strictSame(await orderStatuses(t, app, ids), {
    order: 'Cancelled',
    accounts: ['Suspended'],
    addons: {},
    domains: ['Active'],
    invoice: 'Cancelled',
  });
});

t.test('setOrderCancel takes a Fraud order; its Fraud service stays Fraud', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { id: '1017' }), marked('1017'));
  t.strictSame(await orderStatuses(t, app, { order: '1017', accounts: ['18'], domains: [] }), {
    order: 'Cancelled',
    accounts: ['Fraud'],
    addons: {},
    domains: [],
    invoice: undefined,
  });
});

t.test("setOrderCancel cancels an upgrade order's Pending upgrades and leaves the service as it was", async (t) => {
  const app = await build(t);
  const { world } = app.billsim.sessions.get('default');
  const done: OrderUpgrade = {
    account_id: '12',
    old_product_id: '14',
    new_product_id: '15',
    old_cycle: 'Annually',
    new_cycle: 'Annually',
    amount: '40.00',
    status: 'Upgraded',
  };
  const pending: OrderUpgrade = {
    account_id: '1',
    old_product_id: '2',
    new_product_id: '3',
    old_cycle: 'Monthly',
    new_cycle: 'Monthly',
    amount: '7.05',
    status: 'Pending',
  };
  // No call places an upgrade order yet, so the test stores one the way the order calls make orders.
  await world.mutate(() => {
    world.insert(
      'orders',
      newOrder(world, { clientId: '1', currencyId: '0', paymentModule: '2', total: '47.05', upgrades: [done, pending], now: FROZEN_NOW }),
    );
  });
  const account = await accountDetails(t, app, '1');
  t.strictSame(await api(app, CALL, { id: '1022' }), marked('1022'));
  const { upgrades } = (await read(t, app, 'getOrderDetails', { id: '1022' })).details as { upgrades: unknown[] };
  t.strictSame(upgrades, [done, { ...pending, status: 'Cancelled' }]);
  t.strictSame(await accountDetails(t, app, '1'), account, 'the service keeps its product');
});

t.test('setOrderCancel refuses a Cancelled order, naming its status, and changes nothing', async (t) => {
  const app = await build(t);
  await refusedWith(t, app, CALL, [
    [{ id: '1015' }, 'Order #1015 is Cancelled: only an order that is Pending or Active or Fraud can be marked Cancelled'],
    ...idRefusals('Order', '1.5'),
  ]);

  assertSuccess(t, await api(app, CALL, { id: '1018' }), CALL);
  const cancelled = storeJson(app);
  assertError(t, await api(app, CALL, { id: '1018' }), CALL, [
    'Order #1018 is Cancelled: only an order that is Pending or Active or Fraud can be marked Cancelled',
  ]);
  t.equal(storeJson(app), cancelled);
});

t.test('setOrderCancel answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  await answersInEachSession(t, app, CALL, { id: '1007' }, marked('1007'));
  t.not(sameStateInEachSession(t, app), storeJson(app), 'the default session is untouched');
});
