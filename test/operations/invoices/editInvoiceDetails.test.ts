import t from 'tap';
import { api, assertSuccess, build, type WireParams, SERVER_TIME } from '../../helpers/app.js';
import { invoiceDetails } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';
import { refusedAtOnce, refusedWith } from '../../helpers/refusals.js';

const CALL = 'editInvoiceDetails';
const CHANGED = ['Invoice details changed'];
/** Every editable field of invoice 3 (Charlotte, Unpaid, one taxed line of 4.33, nothing paid). */
const ALL: WireParams = {
  id: '3',
  credit: '1.2',
  date: '2026-11-02',
  duedate: '2026-11-30',
  payment_module: '2',
  taxrate: '10',
  taxrate2: '2.5',
};

type Invoice = Record<string, unknown> & { client: Record<string, unknown> };

const details = invoiceDetails<Invoice>;

t.test('editInvoiceDetails changes every documented field and answers the invoice as published', async (t) => {
  const app = await build(t);
  const before = await details(t, app, '3');
  const body = await api(app, CALL, ALL);
  const expected = {
    ...before,
    date: '2026-11-02',
    duedate: '2026-11-30',
    subtotal: '4.33',
    credit: '1.20',
    tax: '0.43',
    taxrate: '10.00',
    tax2: '0.11',
    taxrate2: '2.50',
    total: '3.67',
    payment_module: '2',
    gateway: 'Stripe',
    client: { ...before.client, cardnum: false },
  };
  t.strictSame(body, { success: true, invoice: expected, call: CALL, server_time: SERVER_TIME, info: CHANGED });
  t.strictSame(Object.keys(body), ['success', 'invoice', 'call', 'server_time', 'info'], 'info after call and server_time, as published');
  t.strictSame(Object.keys(body.invoice as object), Object.keys(before), "getInvoiceDetails' keys in its order, no transactions");
  t.strictSame(Object.keys((body.invoice as Invoice).client), Object.keys(before.client), 'cardnum keeps its place');
  assertSuccess(t, body, CALL);

  const after = await details(t, app, '3');
  t.strictSame(after, { ...expected, client: before.client }, 'getInvoiceDetails shows the change, the card number as before');
  t.equal(after.status, 'Unpaid');
});

t.test('client.cardnum is true when the client has a card on file; a date edit leaves the totals as stored', async (t) => {
  const app = await build(t);
  const before = await details(t, app, '1');
  t.equal(before.client.cardnum, '************1111');
  const body = await api(app, CALL, { id: '1', duedate: '2026-11-15' });
  const result = assertSuccess(t, body, CALL);
  t.strictSame(result.invoice, { ...before, duedate: '2026-11-15', client: { ...before.client, cardnum: true } });
  t.strictSame(result.info, CHANGED);
  t.strictSame(await details(t, app, '1'), { ...before, duedate: '2026-11-15' }, 'a Paid invoice takes new dates, its totals untouched');

  const tokenOnly = assertSuccess(t, await api(app, CALL, { id: '5', date: '2026-09-19' }), CALL).invoice as Invoice;
  t.equal(tokenOnly.client.cardnum, true, 'a tokenized card is a card on file too');
});

t.test('credit and tax rates change a Draft too; dates may move together', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'addInvoice', { client_id: '1' }), 'addInvoice');
  assertSuccess(t, await api(app, 'addInvoiceItem', { id: '13', line: 'Logo', price: '200', tax: '1' }), 'addInvoiceItem');
  const body = await api(app, CALL, { id: '13', taxrate: '0', credit: '50', date: '2026-12-01', duedate: '2026-12-15' });
  t.match(assertSuccess(t, body, CALL).invoice, {
    status: 'Draft',
    date: '2026-12-01',
    duedate: '2026-12-15',
    subtotal: '200.00',
    credit: '50.00',
    tax: '0.00',
    taxrate: '0.00',
    total: '150.00',
  });
  const full = await api(app, CALL, { id: '13', credit: '200' });
  t.match(assertSuccess(t, full, CALL).invoice, { credit: '200.00', total: '0.00' }, 'credit may cover the whole bill');
});

t.test('editInvoiceDetails answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  const body = await sameEverywhereMutating(t, app, CALL, ALL);
  t.match(body, { success: true, invoice: { id: '3', total: '3.67' }, info: CHANGED });
});

t.test('editInvoiceDetails refusals change nothing', async (t) => {
  const app = await build(t);
  const realDate = (name: string) => `Parameter ${name} must be a real calendar date as YYYY-MM-DD`;
  await refusedWith(t, app, CALL, [
    [{}, 'Parameter id is required'],
    [{ id: 'x', date: '2026-11-02' }, 'Parameter id must be a positive whole number id, such as 1'],
    [{ id: '3' }, 'Nothing to change: give credit, date, duedate, payment_module, taxrate or taxrate2'],
    [{ id: '99', date: '2026-11-02' }, 'Invoice 99 not found'],
    [
      { id: '3', credit: '-1' },
      'Parameter credit must be a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30',
    ],
    [
      { id: '3', credit: '1.234' },
      'Parameter credit must be a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30',
    ],
    [{ id: '3', taxrate: '101' }, 'Parameter taxrate must be a percentage from 0 to 100 with at most two decimals, such as 20 or 8.25'],
    [{ id: '3', taxrate2: 'ten' }, 'Parameter taxrate2 must be a percentage from 0 to 100 with at most two decimals, such as 20 or 8.25'],
    [{ id: '3', date: '20-11-2026' }, 'Parameter date must be a date as YYYY-MM-DD'],
    [{ id: '3', date: '2026-02-30' }, realDate('date')],
    [{ id: '3', duedate: '2026-13-01' }, realDate('duedate')],
    [{ id: '3', duedate: '2026-10-31' }, 'Parameter duedate must be on or after the invoice date (2026-11-01)'],
    [{ id: '3', date: '2026-11-09' }, 'Parameter date must be on or before the due date (2026-11-08)'],
    [{ id: '3', payment_module: 'paypal' }, 'Parameter payment_module must be a positive whole number id, such as 1'],
    [{ id: '3', payment_module: '99' }, 'Gateway 99 not found'],
    [{ id: '3', payment_module: '5' }, 'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as payment_module'],
    [
      { id: '3', invoicetype: 'recurringinvoice' },
      'Parameter invoicetype is not supported: billsim keeps no recurring invoices, every invoice is a standard one',
    ],
    [{ id: '3', 'metadata[po]': 'PO-77' }, 'Parameter metadata is not supported: billsim keeps no invoice metadata'],
    [
      { id: '3', 'recurring[recurr]': '1', 'recurring[frequency]': '1m' },
      'Parameter recurring is not supported: billsim keeps no recurring invoices',
    ],
    [{ id: '1', credit: '1' }, 'Invoice #1 is Paid: its totals are settled, so credit can only change on a Draft or Unpaid invoice'],
    [
      { id: '7', taxrate: '20' },
      'Invoice #7 is Cancelled: its totals are settled, so taxrate can only change on a Draft or Unpaid invoice',
    ],
    [
      { id: '9', taxrate2: '5' },
      'Invoice #9 is Refunded: its totals are settled, so taxrate2 can only change on a Draft or Unpaid invoice',
    ],
    [
      { id: '1', duedate: '2026-11-20', taxrate: '0' },
      'Invoice #1 is Paid: its totals are settled, so taxrate can only change on a Draft or Unpaid invoice',
    ],
    [{ id: '3', credit: '5.21' }, 'Invoice #3 would carry 5.21 credit, more than the 5.20 it bills (subtotal plus taxes)'],
    [{ id: '3', credit: '5', taxrate: '0' }, 'Invoice #3 would carry 5.00 credit, more than the 4.33 it bills (subtotal plus taxes)'],
    // Invoice 12 totals 88.03 with 40.00 paid.
    [{ id: '12', credit: '50' }, 'Invoice #12 would total 38.03, less than the 40.00 already paid on it'],
  ]);
});

t.test('editInvoiceDetails answers its independent problems together, and skips the checks that need a refused one', async (t) => {
  const app = await build(t);
  await refusedAtOnce(t, app, CALL, { id: '3', date: '2026-02-30', duedate: '2026-13-01', payment_module: '99', recurring: '1' }, [
    'Parameter date must be a real calendar date as YYYY-MM-DD',
    'Parameter duedate must be a real calendar date as YYYY-MM-DD',
    'Gateway 99 not found',
    'Parameter recurring is not supported: billsim keeps no recurring invoices',
  ]);
  // Without the invoice, the dates are not compared with its own and its status is not read: the unknown id and the gateway.
  await refusedAtOnce(t, app, CALL, { id: '99', duedate: '2000-01-01', credit: '5', payment_module: '99' }, [
    'Invoice 99 not found',
    'Gateway 99 not found',
  ]);
});
