import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login } from '../../helpers/door.js';
import { BRUNO, SABINE, grant } from '../../helpers/userBilling.js';

/** getClientCreditLog's entries, with the fields a client sees. */
async function adminLog(t: Parameters<typeof assertSuccess>[0], app: Parameters<typeof api>[0], id: string) {
  const log = assertSuccess(t, await api(app, 'getClientCreditLog', { id }), 'getClientCreditLog').log as Record<string, unknown>[];
  return log.map(({ id, date, description, in: credited, out, balance, invoice_id, currency_id }) => ({
    id,
    date,
    description,
    in: credited,
    out,
    balance,
    invoice_id,
    currency_id,
  }));
}

t.test("the account's history is its credit log, newest first, as the Admin API shows it", async (t) => {
  const app = await build(t);
  const token = await login(app, BRUNO);
  let body = assertAnswer(t, await door(app, 'GET', '/logs', {}, { token }), 'getLogs');
  t.strictSame(body, { logs: await adminLog(t, app, '2'), page: { current: 1, total: 1 } });
  t.strictSame(body.logs, [
    {
      id: '4',
      date: (body.logs as { date: string }[])[0].date,
      description: 'Credit added by staff: compensation for a delayed server migration',
      in: '15.00',
      out: '0.00',
      balance: '15.00',
      invoice_id: '0',
      currency_id: '1',
    },
  ]);
  assertAnswer(t, await door(app, 'POST', '/invoice/12/credit', { amount: '5' }, { token }), 'postInvoiceIdCredit');
  body = assertAnswer(t, await door(app, 'GET', '/logs', {}, { token }), 'getLogs');
  t.match((body.logs as unknown[])[0], { description: 'Credit applied to invoice', out: '5.00', balance: '10.00', invoice_id: '12' });
  t.strictSame(body.logs, await adminLog(t, app, '2'));
});

t.test('an account without history has one empty page; later pages are empty', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/logs', {}, { token }), 'getLogs'), { logs: [], page: { current: 1, total: 1 } });
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/logs', { page: 3 }, { token }), 'getLogs'), {
    logs: [],
    page: { current: 3, total: 1 },
  });
});

t.test('a contact needs billing.balance to read the credit history', async (t) => {
  const app = await build(t);
  const token = await login(app, SABINE);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', '/logs', {}, { token }), 403, [
    'Contact 11 may not do this: it needs the privilege billing.balance (the client grants it with PUT /api/contact/11 or editContactPermissions)',
  ]);
  t.equal(storeJson(app), before);
  await grant(app, '11', { billing: ['balance'] });
  const body = assertAnswer(t, await door(app, 'GET', '/logs', {}, { token }), 'getLogs');
  t.equal((body.logs as unknown[]).length, 1, "the client's log");
});

t.test('a page that is not a number from 1 is refused', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', '/logs', { page: 'first' }, { token }), 200, [
    'Parameter page must be the page of the list, counted from 1 (25 items a page)',
  ]);
  t.equal(storeJson(app), before, 'the refusal changed nothing');
});
