import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login } from '../../helpers/door.js';
import { BRUNO, SABINE, grant } from '../../helpers/userBilling.js';

t.test('a client reads what its Unpaid invoices still owe and its credit, as strings in its currency', async (t) => {
  const app = await build(t);
  const token = await login(app, BRUNO);
  const body = assertAnswer(t, await door(app, 'GET', '/balance', {}, { token }), 'getBalance');
  // Invoice 12 asks 88.03 and has 40.00 paid on it (getInvoiceDetails' transactions).
  t.strictSame(body, { details: { currency: 'EUR', acc_balance: '48.03', acc_credit: '15.00' } });
  const admin = assertSuccess(t, await api(app, 'getClientDetails', { id: '2' }), 'getClientDetails').client as Record<string, unknown>;
  t.equal(admin.credit, '15.00', "acc_credit is the Admin API's credit");

  const alice = await login(app, ALICE);
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/balance', {}, { token: alice }), 'getBalance'), {
    details: { currency: 'USD', acc_balance: '0.00', acc_credit: '0.00' },
  });
});

t.test('a payment and credit recorded through the Admin API show in the balance', async (t) => {
  const app = await build(t);
  const token = await login(app, BRUNO);
  assertSuccess(
    t,
    await api(app, 'addInvoicePayment', { id: '12', amount: '8.03', paymentmodule: '3', fee: '0', date: '2026-11-20' }),
    'addInvoicePayment',
  );
  assertSuccess(t, await api(app, 'addClientCredit', { client_id: '2', amount: '5' }), 'addClientCredit');
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/balance', {}, { token }), 'getBalance'), {
    details: { currency: 'EUR', acc_balance: '40.00', acc_credit: '20.00' },
  });
});

t.test("a contact needs billing.balance and then sees its client's balance", async (t) => {
  const app = await build(t);
  const token = await login(app, SABINE);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', '/balance', {}, { token }), 403, [
    'Contact 11 may not do this: it needs the privilege billing.balance (the client grants it with PUT /api/contact/11 or editContactPermissions)',
  ]);
  t.equal(storeJson(app), before, 'the refusal changed nothing');
  await grant(app, '11', { billing: ['balance'] });
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/balance', {}, { token }), 'getBalance'), {
    details: { currency: 'EUR', acc_balance: '48.03', acc_credit: '15.00' },
  });
});

t.test('without a login the balance is refused with 401', async (t) => {
  const app = await build(t);
  assertRefused(t, await door(app, 'GET', '/balance'), 401, ['unauthorized']);
});
