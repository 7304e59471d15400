import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login } from '../../helpers/door.js';
import { BRUNO, CHARLOTTE, SABINE, grant } from '../../helpers/userBilling.js';

async function adminInvoice(t: Test, app: FastifyInstance, id: string) {
  return assertSuccess(t, await api(app, 'getInvoiceDetails', { id }), 'getInvoiceDetails') as {
    invoice: Record<string, unknown>;
    transactions: unknown[];
  };
}

t.test('without an amount, the whole credit goes to an invoice that owes more', async (t) => {
  const app = await build(t);
  const token = await login(app, BRUNO);
  const transactions = (await adminInvoice(t, app, '12')).transactions;
  const body = assertAnswer(t, await door(app, 'POST', '/invoice/12/credit', {}, { token }), 'postInvoiceIdCredit');
  t.strictSame(body.info, ['Credit applied to invoice.']);
  t.match(body.invoice, { id: '12', status: 'Unpaid', credit: '15.00', total: '73.03', grandtotal: '73.03' });
  const after = await adminInvoice(t, app, '12');
  t.strictSame(
    { id: (body.invoice as { id: string }).id, credit: after.invoice.credit, total: after.invoice.total },
    { id: '12', credit: '15.00', total: '73.03' },
    'getInvoiceDetails shows the credit on the invoice',
  );
  t.strictSame(after.transactions, transactions, 'credit is not a payment: no transaction, as applyInvoiceCredit records none');
  const client = assertSuccess(t, await api(app, 'getClientDetails', { id: '2' }), 'getClientDetails').client as Record<string, unknown>;
  t.equal(client.credit, '0.00');
  const log = assertSuccess(t, await api(app, 'getClientCreditLog', { id: '2' }), 'getClientCreditLog').log as Record<string, unknown>[];
  t.match(log[0], { description: 'Credit applied to invoice', in: '0.00', out: '15.00', balance: '0.00', invoice_id: '12' });
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/balance', {}, { token }), 'getBalance'), {
    details: { currency: 'EUR', acc_balance: '33.03', acc_credit: '0.00' },
  });
});

t.test('credit that covers what is owed settles the invoice; an amount takes just that much', async (t) => {
  const app = await build(t);
  const token = await login(app, BRUNO);
  assertSuccess(t, await api(app, 'addClientCredit', { client_id: '2', amount: '100' }), 'addClientCredit');
  const part = assertAnswer(
    t,
    await door(app, 'POST', '/invoice/12/credit', { amount: '8.03' }, { token, via: 'form' }),
    'postInvoiceIdCredit',
  );
  t.match(part.invoice, { status: 'Unpaid', credit: '8.03' });
  const body = assertAnswer(t, await door(app, 'POST', '/invoice/12/credit', {}, { token }), 'postInvoiceIdCredit');
  t.match(body.invoice, { status: 'Paid', credit: '48.03', number: '2026/0048' });
  const after = await adminInvoice(t, app, '12');
  t.match(after.invoice, { status: 'Paid', credit: '48.03', paid_id: '2026/0048' });
  const client = assertSuccess(t, await api(app, 'getClientDetails', { id: '2' }), 'getClientDetails').client as Record<string, unknown>;
  t.equal(client.credit, '66.97', '115.00 less 48.03');
});

t.test('refusals name every problem and change nothing', async (t) => {
  const app = await build(t);
  const bruno = await login(app, BRUNO);
  const charlotte = await login(app, CHARLOTTE);
  const alice = await login(app, ALICE);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'POST', '/invoice/2/credit', { amount: '-5' }, { token: bruno }), 200, [
    'Invoice #2 is Paid: only an Unpaid invoice (or one in Collections) takes payments',
    'Parameter amount must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
  ]);
  assertRefused(t, await door(app, 'POST', '/invoice/abc/credit', { amount: 'x' }, { token: bruno }), 200, [
    'Parameter id must be a positive whole number id, such as 1',
    'Parameter amount must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
  ]);
  assertRefused(t, await door(app, 'POST', '/invoice/12/credit', { amount: '20' }, { token: bruno }), 200, [
    'Client 2 has 15.00 credit, less than the 20.00 asked for: nothing was applied',
  ]);
  assertRefused(t, await door(app, 'POST', '/invoice/12/credit', { amount: '50' }, { token: bruno }), 200, [
    'Invoice #12 owes 48.03, less than the 50.00 of credit asked for: apply at most 48.03',
  ]);
  assertRefused(t, await door(app, 'POST', '/invoice/3/credit', {}, { token: charlotte }), 200, [
    'Client 3 has no credit to apply to invoice #3: add funds first, or pay it another way',
  ]);
  assertRefused(t, await door(app, 'POST', '/invoice/12/credit', {}, { token: alice }), 404, ['Invoice 12 not found']);
  assertRefused(t, await door(app, 'POST', '/invoice/999/credit', {}, { token: alice }), 404, ['Invoice 999 not found']);
  t.equal(storeJson(app), before, 'nothing changed');
});

t.test("a contact pays its client's invoice with billing.payinvoice, and is refused without it", async (t) => {
  const app = await build(t);
  const token = await login(app, SABINE);
  await grant(app, '11', { billing: ['balance'] });
  const before = storeJson(app);
  assertRefused(t, await door(app, 'POST', '/invoice/12/credit', {}, { token }), 403, [
    'Contact 11 may not do this: it needs the privilege billing.payinvoice (the client grants it with PUT /api/contact/11 or editContactPermissions)',
  ]);
  t.equal(storeJson(app), before, 'the refusal changed nothing');
  await grant(app, '11', { billing: ['payinvoice'] });
  const body = assertAnswer(t, await door(app, 'POST', '/invoice/12/credit', { amount: '5' }, { token }), 'postInvoiceIdCredit');
  t.match(body.invoice, { id: '12', credit: '5.00' });
  const client = assertSuccess(t, await api(app, 'getClientDetails', { id: '2' }), 'getClientDetails').client as Record<string, unknown>;
  t.equal(client.credit, '10.00', "the credit taken is the client's");
});
