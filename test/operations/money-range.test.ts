// Amounts are kept up to 999999999999.99 either way (src/domain/money.ts):
// a parameter beyond it is refused with the request's other problems, and a
// call whose result would take a balance, line or total past it is refused
// and changes nothing, as a re-read shows.
import t from 'tap';
import { api, assertError, assertSuccess, build, storeJson } from '../helpers/app.js';
import { invoiceDetails, read } from '../helpers/reads.js';

const beyond = (what: string, amount: string) =>
  `${what} would be ${amount}, beyond the largest amount billsim keeps exactly (999999999999.99 either way): nothing was changed`;

t.test('a credit balance up to the limit is kept; a cent more is refused and changes nothing', async (t) => {
  const app = await build(t);
  const up = await api(app, 'addClientCredit', { client_id: '6', amount: '999999999974.99', description: 'Up to the limit' });
  assertSuccess(t, up, 'addClientCredit');
  const client = async () => (await read(t, app, 'getClientDetails', { id: '6' })).client as { credit: string };
  const log = async () => (await read(t, app, 'getClientCreditLog', { id: '6' })).log;
  t.equal((await client()).credit, '999999999999.99', 'the 25.00 it had plus the credit: exactly the limit');
  const [logBefore, stateBefore] = [await log(), storeJson(app)];

  const past = await api(app, 'addClientCredit', { client_id: '6', amount: '0.01', description: 'One cent too many' });
  assertError(t, past, 'addClientCredit', [beyond('The credit balance of client 6', '1000000000000.00')]);
  t.equal((await client()).credit, '999999999999.99', 'the balance reads the same');
  t.strictSame(await log(), logBefore, 'no log entry');
  t.equal(storeJson(app), stateBefore);
});

t.test('an amount parameter beyond the limit is refused with the other problems of the request', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  assertError(t, await api(app, 'addClientCredit', { amount: '1000000000000.00' }), 'addClientCredit', [
    'Parameter client_id is required',
    'Parameter amount must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
  ]);
  assertError(
    t,
    await api(app, 'addInvoicePayment', { id: '3', amount: '1000000000000', fee: '0', paymentmodule: '1', date: '2026-11-20' }),
    'addInvoicePayment',
    ['Parameter amount must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50'],
  );
  t.equal(storeJson(app), before);
});

t.test('a line whose total would pass the limit is refused, and the invoice reads the same', async (t) => {
  const app = await build(t);
  const before = await invoiceDetails(t, app, '3');
  const state = storeJson(app);
  const body = await api(app, 'addInvoiceItem', { id: '3', line: 'Huge', price: '999999999.99', qty: '999999', tax: '1' });
  t.equal(body.success, false);
  // 999999999.99 x 999999 is past 2^53 cents, where a double no longer holds every cent: the figure is approximate.
  t.strictSame(body.error, [beyond('A line total', 'about 999998999990000.00')]);
  t.strictSame(await invoiceDetails(t, app, '3'), before);
  t.equal(storeJson(app), state);

  const fits = await api(app, 'addInvoiceItem', { id: '3', line: 'Large', price: '999999999.99', qty: '10', tax: '0' });
  assertSuccess(t, fits, 'addInvoiceItem');
});
