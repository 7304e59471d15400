import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertError, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { idRefusals, refusedWith } from '../../helpers/refusals.js';
import { read } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';

const CALL = 'deleteInvoice';

async function order(t: Test, app: FastifyInstance, id: string): Promise<Record<string, unknown>> {
  return (await read(t, app, 'getOrderDetails', { id })).details as Record<string, unknown>;
}

async function invoiceIds(t: Test, app: FastifyInstance): Promise<string[]> {
  return ((await read(t, app, 'getInvoices', { perpage: '1000' })).invoices as Array<{ id: string }>).map((i) => i.id);
}

t.test('deleteInvoice removes the invoice and leaves its order without one', async (t) => {
  const app = await build(t);
  t.match(await order(t, app, '1003'), { invoice_id: '3', invstatus: 'Unpaid', balance: 'Incomplete' });
  const body = await api(app, CALL, { id: '3' });
  infoAnswer(t, body, { success: true, call: CALL, server_time: SERVER_TIME, info: ['Invoice #3 Deleted'] }, 'capital D, as published');
  assertSuccess(t, body, CALL);

  assertError(t, await api(app, 'getInvoiceDetails', { id: '3' }), 'getInvoiceDetails', ['Invoice 3 not found']);
  t.notOk((await invoiceIds(t, app)).includes('3'), 'getInvoices no longer lists it');
  t.match(await order(t, app, '1003'), { status: 'Active', invoice_id: '0', invtotal: null, invstatus: null, balance: 'Completed' });
  t.equal(
    ((await read(t, app, 'getAccountDetails', { id: '5' })).details as Record<string, string>).status,
    'Suspended',
    'its service stays',
  );
  assertError(t, await api(app, CALL, { id: '3' }), CALL, ['Invoice 3 not found']);
});

t.test('a Cancelled invoice, a Draft and one marked Paid by hand without a payment may be deleted', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { id: '7' }), CALL);
  t.match(await order(t, app, '1015'), { status: 'Cancelled', invoice_id: '0' });

  assertSuccess(t, await api(app, 'addInvoice', { client_id: '6' }), 'addInvoice');
  assertSuccess(t, await api(app, 'addInvoiceItem', { id: '13', line: 'Consulting', price: '90', tax: '0' }), 'addInvoiceItem');
  t.strictSame(assertSuccess(t, await api(app, CALL, { id: '13' }), CALL), { info: ['Invoice #13 Deleted'] });

  const placed = await api(app, 'addOrder', { client_id: '4', product: '2', cycle: 'm', invoice_generate: '1' });
  assertSuccess(t, placed, 'addOrder');
  t.match(await order(t, app, placed.order_id as string), { invoice_id: '14' }, 'ids are never reused');
  assertSuccess(t, await api(app, 'setInvoiceStatus', { id: '14', status: 'Paid' }), 'setInvoiceStatus');
  assertSuccess(t, await api(app, CALL, { id: '14' }), CALL);
  t.match(await order(t, app, placed.order_id as string), { status: 'Active', invoice_id: '0' }, 'the accepted order stays accepted');
  t.notOk((await invoiceIds(t, app)).some((id) => ['7', '13', '14'].includes(id)));
});

t.test('deleteInvoice answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  const body = await sameEverywhereMutating(t, app, CALL, { id: '3' });
  t.strictSame(body, { success: true, call: CALL, server_time: SERVER_TIME, info: ['Invoice #3 Deleted'] });
});

t.test('an invoice with payments or credit is refused and nothing changes', async (t) => {
  const app = await build(t);
  // Invoice 13 bills 20.00 and carries 5.00 credit.
  assertSuccess(t, await api(app, 'addInvoice', { client_id: '6' }), 'addInvoice');
  assertSuccess(t, await api(app, 'addInvoiceItem', { id: '13', line: 'Consulting', price: '20', tax: '0' }), 'addInvoiceItem');
  assertSuccess(t, await api(app, 'editInvoiceDetails', { id: '13', credit: '5' }), 'editInvoiceDetails');
  const payments = (id: string, n: string) =>
    `Invoice #${id} has payments: ${n} recorded on it, so it cannot be deleted; cancel it with setInvoiceStatus instead`;
  await refusedWith(t, app, CALL, [
    ...idRefusals('Invoice', '1.5'),
    [{ id: '8' }, payments('8', '1 transaction is')],
    [{ id: '6' }, payments('6', '4 transactions are')],
    [{ id: '9' }, payments('9', '2 transactions are')],
    [
      { id: '13' },
      "Invoice #13 carries 5.00 credit from the client's balance, which deleting it would lose: cancel it with setInvoiceStatus instead",
    ],
  ]);
  t.match(await order(t, app, '1018'), { invoice_id: '8' }, 'the order still points at its invoice');
});
