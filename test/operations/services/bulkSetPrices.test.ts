import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME, storeJson } from '../../helpers/app.js';
import { domainDetails, productDetails } from '../../helpers/reads.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { refusals, refusedWith } from '../../helpers/refusals.js';
import { callInEachSession, sameAnswers, sameStateInEachSession } from '../../helpers/sessions.js';

const CALL = 'bulkSetPrices';
type Period = { period: string; register: string; transfer: string; renew: string };
const periodsOf = async (
  t: Parameters<typeof productDetails>[0],
  app: Parameters<typeof productDetails>[1],
  id: string,
  session?: string,
) => (await productDetails<{ periods: Period[] }>(t, app, id, session)).periods;
const amountOf = async (t: Parameters<typeof domainDetails>[0], app: Parameters<typeof domainDetails>[1], id: string) =>
  (await domainDetails<{ recurring_amount: string }>(t, app, id)).recurring_amount;

t.test('bulkSetPrices changes the named prices of TLDs found by name, and keeps the others', async (t) => {
  const app = await build(t);
  const before = await periodsOf(t, app, '20');
  const body = await api(app, CALL, {
    category_id: '4',
    'products[0][name]': '.COM',
    'products[0][periods][1][register]': '11.95',
    'products[0][periods][2][renew]': '31.9',
    'products[1][name]': '.net',
    'products[1][periods][6][register]': '90',
    'products[1][periods][6][transfer]': '90',
    'products[1][periods][6][renew]': '99',
  });
  infoAnswer(
    t,
    body,
    { success: true, call: CALL, server_time: SERVER_TIME, info: ['Product updated', 'Product updated'] },
    'success, one line per TLD',
  );
  assertSuccess(t, body, CALL);
  t.strictSame(await periodsOf(t, app, '20'), [{ ...before[0], register: '11.95' }, { ...before[1], renew: '31.90' }, ...before.slice(2)]);
  t.strictSame(
    (await periodsOf(t, app, '21')).at(-1),
    { period: '6', register: '90.00', transfer: '90.00', renew: '99.00' },
    'a new period, in order',
  );
  t.equal(await amountOf(t, app, '1'), '14.95', 'without updatedomains the domains keep their price');
  t.strictSame(await periodsOf(t, app, '20', 'other'), before, 'another session keeps the old prices');
});

t.test("updatedomains=1 gives the TLD's domains the new renew price of their period, in their currency", async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, {
    category_id: '4',
    'products[0][name]': '.com',
    'products[0][periods][1][renew]': '15.95',
    'products[0][updatedomains]': '1',
    'products[1][name]': '.eu',
    'products[1][periods][1][renew]': '20.00',
    'products[1][updatedomains]': '1',
  });
  assertSuccess(t, body, CALL);
  t.equal(await amountOf(t, app, '1'), '15.95', 'an Active one-year .com');
  t.equal(await amountOf(t, app, '7'), '15.95', 'an Expired one-year .com');
  t.equal(await amountOf(t, app, '6'), '44.85', 'a three-year .com keeps the unchanged three-year price');
  t.equal(await amountOf(t, app, '3'), '18.43', 'a .eu billed in EUR: 20.00 x 0.9215');
  t.equal(await amountOf(t, app, '5'), '16.50', 'a .net is not touched');
});

t.test('bulkSetPrices answers the same through every encoding', async (t) => {
  const app = await build(t);
  sameAnswers(
    t,
    await callInEachSession(app, CALL, { category_id: '4', 'products[0][name]': '.org', 'products[0][periods][1][transfer]': '9.99' }),
  );
  sameStateInEachSession(t, app);
});

refusals('bulkSetPrices refusals change nothing', CALL, [
  [{ 'products[0][name]': '.com' }, 'Parameter category_id is required'],
  [{ category_id: '4' }, 'Parameter products is required'],
  [{ category_id: '99', 'products[0][name]': '.com' }, 'Order page 99 not found'],
  [
    { category_id: '4', 'products[0][name]': '.xyz' },
    'products[0][name]: No TLD named .xyz on order page 4: its TLDs are .com, .net, .org, .io, .eu',
  ],
  [{ category_id: '1', 'products[0][name]': '.com' }, 'products[0][name]: No TLD named .com on order page 1: its TLDs are none'],
  [
    { category_id: '4', 'products[0][name]': '.com', 'products[0][periods][7][register]': '100' },
    'Parameter products[0][periods][7][transfer] is required: TLD .com has no 7-year price to keep',
  ],
]);

t.test('one bad entry after good ones changes nothing', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  await refusedWith(t, app, CALL, [
    [
      {
        category_id: '4',
        'products[0][name]': '.com',
        'products[0][periods][1][register]': '1.00',
        'products[0][updatedomains]': '1',
        'products[1][name]': '.nope',
      },
      'products[1][name]: No TLD named .nope on order page 4: its TLDs are .com, .net, .org, .io, .eu',
    ],
  ]);
  t.equal(storeJson(app), before);
});
