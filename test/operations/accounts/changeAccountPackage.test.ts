import t from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { refusals, refusedWith } from '../../helpers/refusals.js';
import { accountDetails, read } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';

const CALL = 'changeAccountPackage';
const SCHEDULED = ['Function has been scheduled for execution'];

t.test('changeAccountPackage moves the service to the product at once and keeps its price', async (t) => {
  const app = await build(t);
  const before = await accountDetails(t, app, '1');
  const world = () => app.billsim.sessions.get('default').world;
  const billing = () => JSON.stringify([world().all('orders'), world().all('invoices')]);
  const billed = billing();
  const body = await api(app, CALL, { id: '1', product_id: '3' });
  assertSuccess(t, body, CALL);
  infoAnswer(t, body, { success: true, call: CALL, server_time: body.server_time, info: SCHEDULED });
  t.strictSame(await accountDetails(t, app, '1'), { ...before, product_id: '3', name: 'Ultimate Hosting' });
  const listed = (await read(t, app, 'getAccounts', { 'filter[product_id]': '3' })).accounts as Record<string, unknown>[];
  t.strictSame(
    listed.map((a) => [a.id, a.name, a.total]),
    [
      ['8', 'Ultimate Hosting', '320.00'],
      ['1', 'Ultimate Hosting', '8.95'],
    ],
  );
  t.equal(billing(), billed, 'no order and no invoice are made');
});

t.test("changeAccountPackage with recalculate sets the new product's price on the service's cycle, in its currency", async (t) => {
  const app = await build(t);
  // Account 3: EU Pro, Annually, in EUR (rate 0.9215); EU Starter costs 54.90 USD a year.
  assertSuccess(t, await api(app, CALL, { id: '3', product_id: '4', recalculate: '1' }), CALL);
  t.match(await accountDetails(t, app, '3'), {
    product_id: '4',
    name: 'EU Starter',
    total: '50.59',
    billingcycle: 'Annually',
    currency_id: '1',
    firstpayment: '110.49',
  });
  assertSuccess(t, await api(app, CALL, { id: '1', product_id: '8', recalculate: 'true' }), CALL);
  t.match(await accountDetails(t, app, '1'), { product_id: '8', total: '12.00', mod: 'SolusVM' }, 'the module name follows the product');
  assertSuccess(t, await api(app, CALL, { id: '1', product_id: '8', recalculate: '0' }), CALL);
  t.match(await accountDetails(t, app, '1'), { product_id: '8', total: '12.00' }, 'the same product again is allowed');
});

t.test('changeAccountPackage works on Pending and Suspended services and keeps their status', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { id: '10', product_id: '13' }), CALL);
  t.match(await accountDetails(t, app, '10'), { product_id: '13', status: 'Pending', total: '18.00' });
  assertSuccess(t, await api(app, CALL, { id: '5', product_id: '5', recalculate: '1' }), CALL);
  // EU Pro monthly 11.99 USD in GBP (rate 0.7890).
  t.match(await accountDetails(t, app, '5'), { product_id: '5', status: 'Suspended', total: '9.46' });
});

t.test('changeAccountPackage works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  const body = await sameEverywhereMutating(t, app, CALL, { id: '3', product_id: '4', recalculate: '1' });
  t.strictSame(body.info, SCHEDULED);
});

t.test('changeAccountPackage refuses closed services, TLDs, unpriced cycles and unknown records, and changes nothing', async (t) => {
  const app = await build(t);
  const closed = (id: string, status: string) =>
    [
      { id, product_id: '2' },
      `Account ${id} is ${status}: only a service that is Pending, Active or Suspended can change package`,
    ] as const;
  await refusedWith(t, app, CALL, [
    closed('11', 'Terminated'),
    closed('9', 'Cancelled'),
    closed('18', 'Fraud'),
    [{ id: '1', product_id: '20' }, 'Product 20 is the domain TLD .com, not a product a service can order'],
    [{ id: '7', product_id: '10', recalculate: '1' }, 'Product 10 is not priced on cycle q; it offers: m, a'],
    [{ id: '1', product_id: '99' }, 'Product 99 not found'],
    [{ id: '99', product_id: '2' }, 'Account 99 not found'],
  ]);
});

refusals('changeAccountPackage refuses missing and malformed parameters', CALL, [
  [{ product_id: '2' }, 'Parameter id is required'],
  [{ id: '1' }, 'Parameter product_id is required'],
  [{ id: '1', product_id: 'two' }, 'Parameter product_id must be a positive whole number id, such as 1'],
  [{ id: '1', product_id: '2', recalculate: 'maybe' }, 'Parameter recalculate must be one of: 0, 1, true, false'],
]);
