import t from 'tap';
import { api, assertSuccess, build, storeJson, SERVER_TIME } from '../../helpers/app.js';
import { idRefusals, refusals } from '../../helpers/refusals.js';
import { answersInEachSession, sameStateInEachSession } from '../../helpers/sessions.js';
import { orderStatuses, read } from '../../helpers/reads.js';

const CALL = 'setOrderFraud';
const marked = (id: string) => ({ success: true, call: CALL, server_time: SERVER_TIME, info: [`Order #${id} marked Fraud`] });

t.test('setOrderFraud on a Pending order: its service and domain are Fraud, its Unpaid invoice Cancelled', async (t) => {
  const app = await build(t);
  const ids = { order: '1018', accounts: ['10'], domains: ['8'], invoice: '8' };
  t.strictSame(await orderStatuses(t, app, ids), {
    order: 'Pending',
    accounts: ['Pending'],
    addons: {},
    domains: ['Pending Registration'],
    invoice: 'Unpaid',
  });
  t.strictSame(await api(app, CALL, { id: '1018' }), marked('1018'), 'the published answer');
  t.strictSame(await orderStatuses(t, app, ids), {
    order: 'Fraud',
    accounts: ['Fraud'],
    addons: {},
    domains: ['Fraud'],
    invoice: 'Cancelled',
  });
  t.match((await read(t, app, 'getOrderDetails', { id: '1018' })).details, { invstatus: 'Cancelled' });

  // A domain marked Fraud no longer holds its name.
  const again = await api(app, 'addOrder', { client_id: '1', domain_action: 'register', domain_sld: 'graceliu', domain_tld: '.io' });
  assertSuccess(t, again, 'addOrder');
});

t.test(
  'setOrderFraud on an Active order: live services Fraud, Pending addons Cancelled, pending domains Fraud, a Paid invoice kept',
  async (t) => {
    const app = await build(t);
    const ids = { order: '1007', accounts: ['6'], domains: ['5'], invoice: '4' };
    t.strictSame(await orderStatuses(t, app, ids), {
      order: 'Active',
      accounts: ['Active'],
      addons: { 4: 'Pending' },
      domains: ['Pending Transfer'],
      invoice: 'Paid',
    });
    t.strictSame(await api(app, CALL, { id: '1007' }), marked('1007'));
    t.strictSame(await orderStatuses(t, app, ids), {
      order: 'Fraud',
      accounts: ['Fraud'],
      addons: { 4: 'Cancelled' },
      domains: ['Fraud'],
      invoice: 'Paid',
    });
  },
);

t.test('setOrderFraud takes a Suspended service too; a registered domain stays Active', async (t) => {
  const app = await build(t);
  // Order 1003: Suspended service 5, evans-bakery.org Active, invoice 3 Unpaid.
  const ids = { order: '1003', accounts: ['5'], domains: ['4'], invoice: '3' };
  t.strictSame(await api(app, CALL, { id: '1003' }), marked('1003'));
  t.strictSame(await orderStatuses(t, app, ids), {
    order: 'Fraud',
    accounts: ['Fraud'],
    addons: {},
    domains: ['Active'],
    invoice: 'Cancelled',
  });
});

t.test('setOrderFraud on a Cancelled order leaves its Cancelled service as it is', async (t) => {
  const app = await build(t);
  const ids = { order: '1015', accounts: ['9'], domains: [], invoice: '7' };
  t.strictSame(await api(app, CALL, { id: '1015' }), marked('1015'));
  t.strictSame(await orderStatuses(t, app, ids), {
    order: 'Fraud',
    accounts: ['Cancelled'],
    addons: {},
    domains: [],
    invoice: 'Cancelled',
  });
});

refusals('setOrderFraud refuses an order already Fraud, naming its status, and changes nothing', CALL, [
  [{ id: '1017' }, 'Order #1017 is Fraud: only an order that is Pending or Active or Cancelled can be marked Fraud'],
  ...idRefusals('Order', 'x'),
]);

t.test('setOrderFraud answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  await answersInEachSession(t, app, CALL, { id: '1018' }, marked('1018'));
  t.not(sameStateInEachSession(t, app), storeJson(app), 'the default session is untouched');
});
