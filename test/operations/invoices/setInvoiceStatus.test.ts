import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess, build, storeJson, SERVER_TIME } from '../../helpers/app.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { read, invoiceDetails } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';
import { refusedWith } from '../../helpers/refusals.js';

const CALL = 'setInvoiceStatus';
const NOW = '2026-11-20 12:00:00';
const ZERO = '0000-00-00 00:00:00';

async function mark(t: Test, app: FastifyInstance, id: string, status: string): Promise<void> {
  const body = await api(app, CALL, { id, status });
  t.strictSame(body, { success: true, call: CALL, server_time: SERVER_TIME, info: [`Invoice #${id} marked ${status}`] });
  assertSuccess(t, body, CALL);
}

t.test("marking a Pending order's invoice Paid settles it and accepts the order, with no transaction", async (t) => {
  const app = await build(t);
  const placed = await api(app, 'addOrder', {
    client_id: '1',
    product: '2',
    cycle: 'm',
    domain_name: 'alice-shop.com',
    invoice_generate: '1',
  });
  assertSuccess(t, placed, 'addOrder');
  const orderId = placed.order_id as string;
  const before = await invoiceDetails(t, app, '13');
  t.match(before, { status: 'Unpaid', paid_id: '', datepaid: ZERO });

  const body = await api(app, CALL, { id: '13', status: 'Paid' });
  infoAnswer(t, body, { success: true, call: CALL, server_time: SERVER_TIME, info: ['Invoice #13 marked Paid'] }, 'the published answer');

  const paid = await read(t, app, 'getInvoiceDetails', { id: '13' });
  t.strictSame(paid.invoice, { ...before, status: 'Paid', datepaid: NOW, paid_id: '2026/0048' }, 'the next number after 2026/0047');
  t.strictSame(paid.transactions, [], 'no payment is recorded');

  const order = (await read(t, app, 'getOrderDetails', { id: orderId })).details as Record<string, unknown>;
  t.match(order, { status: 'Active', invstatus: 'Paid', balance: 'Completed' });
  t.strictSame(
    (order.hosting as Array<Record<string, string>>).map((s) => [s.id, s.status]),
    [['19', 'Active']],
  );
  t.equal(((await read(t, app, 'getAccountDetails', { id: '19' })).details as Record<string, string>).status, 'Active');

  const again = storeJson(app);
  await mark(t, app, '13', 'Paid');
  t.equal(storeJson(app), again, 'marking it Paid again changes nothing: no new number, no second run');

  await mark(t, app, '3', 'Paid');
  t.equal((await invoiceDetails(t, app, '3')).paid_id, '2026/0049', 'numbers keep counting');
});

t.test('paying an invoice brings back the service suspended for it and accepts a bundled Pending order', async (t) => {
  const app = await build(t);
  await mark(t, app, '3', 'Paid');
  t.equal(
    ((await read(t, app, 'getAccountDetails', { id: '5' })).details as Record<string, string>).status,
    'Active',
    'account 5 unsuspended',
  );
  // Invoice 8 belongs to Pending order 1018; 25.00 of it was paid, and no transaction is added now.
  await mark(t, app, '8', 'Paid');
  t.match((await read(t, app, 'getOrderDetails', { id: '1018' })).details, { status: 'Active', invstatus: 'Paid' });
  t.equal(((await read(t, app, 'getAccountDetails', { id: '10' })).details as Record<string, string>).status, 'Active');
  t.equal(((await read(t, app, 'getInvoiceDetails', { id: '8' })).transactions as unknown[]).length, 1, 'still only the partial payment');
});

t.test('Unpaid reopens an invoice: datepaid cleared, its paid number kept and kept again when paid anew', async (t) => {
  const app = await build(t);
  // Invoice 3 has no payments: marked Paid by hand, it can be reopened.
  const before = await invoiceDetails(t, app, '3');
  await mark(t, app, '3', 'Paid');
  const paid = { ...before, status: 'Paid', datepaid: NOW, paid_id: '2026/0048' };
  t.strictSame(await invoiceDetails(t, app, '3'), paid);
  await mark(t, app, '3', 'Unpaid');
  t.strictSame(await invoiceDetails(t, app, '3'), { ...paid, status: 'Unpaid', datepaid: ZERO });
  const unpaid = (await read(t, app, 'getInvoices', { list: 'unpaid' })).invoices as Array<{ id: string }>;
  t.ok(
    unpaid.some((i) => i.id === '3'),
    'getInvoices lists it as unpaid',
  );
  await mark(t, app, '3', 'Paid');
  t.strictSame(await invoiceDetails(t, app, '3'), paid, 'paid again: paid_id 2026/0048 kept, paid now');
});

t.test('Unpaid makes a Draft an issued invoice; Cancelled changes the status only', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'addInvoice', { client_id: '3' }), 'addInvoice');
  const draft = await invoiceDetails(t, app, '13');
  await mark(t, app, '13', 'Unpaid');
  t.strictSame(await invoiceDetails(t, app, '13'), { ...draft, status: 'Unpaid' });

  const three = await invoiceDetails(t, app, '3');
  await mark(t, app, '3', 'Cancelled');
  t.strictSame(await invoiceDetails(t, app, '3'), { ...three, status: 'Cancelled' });
  t.equal(
    ((await read(t, app, 'getAccountDetails', { id: '5' })).details as Record<string, string>).status,
    'Suspended',
    'services untouched',
  );

  const one = await invoiceDetails(t, app, '1');
  await mark(t, app, '1', 'Cancelled');
  t.strictSame(
    await invoiceDetails(t, app, '1'),
    { ...one, status: 'Cancelled' },
    'a Paid invoice keeps datepaid and paid_id when cancelled',
  );
});

t.test('setting the status an invoice already has succeeds and changes nothing', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  await mark(t, app, '3', 'Unpaid');
  await mark(t, app, '7', 'Cancelled');
  await mark(t, app, '1', 'Paid');
  t.equal(storeJson(app), before);
});

t.test('setInvoiceStatus answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  const body = await sameEverywhereMutating(t, app, CALL, { id: '3', status: 'Paid' });
  t.strictSame(body, { success: true, call: CALL, server_time: SERVER_TIME, info: ['Invoice #3 marked Paid'] });
});

t.test('setInvoiceStatus refusals change nothing', async (t) => {
  const app = await build(t);
  const status = 'Parameter status must be one of: Paid, Unpaid, Cancelled';
  await refusedWith(t, app, CALL, [
    [{ status: 'Paid' }, 'Parameter id is required'],
    [{ id: '3' }, 'Parameter status is required'],
    [{ id: 'three', status: 'Paid' }, 'Parameter id must be a positive whole number id, such as 1'],
    [{ id: '3', status: 'paid' }, status],
    [{ id: '3', status: 'Refunded' }, status],
    [{ id: '3', status: 'Draft' }, status],
    [{ id: '99', status: 'Paid' }, 'Invoice 99 not found'],
    // Invoice 1's payment (15.10) covers it: an Unpaid invoice owing nothing would be a contradiction.
    [{ id: '1', status: 'Unpaid' }, 'Invoice #1 cannot be marked Unpaid: its payments (15.10) already cover its total of 15.10'],
  ]);
});
