import t from 'tap';
import { api, apiJson, assertSuccess, build, type WireParams, SERVER_TIME } from '../../helpers/app.js';
import { invoiceDetails, read } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';
import { refusedWith } from '../../helpers/refusals.js';

const CALL = 'addInvoiceItem';
/** Invoice 3: Charlotte's Unpaid GBP invoice, one taxed line of 4.33 at 20% VAT, nothing paid. */
const HOURS: WireParams = { id: '3', line: 'Extra support [hours]', price: '10', qty: '1.5', tax: '1' };
const LINE_5 = {
  id: '5',
  invoice_id: '3',
  type: 'Hosting',
  item_id: '5',
  description: 'EU Starter - evans-bakery.org (08/11/2026 - 07/12/2026)',
  amount: '4.33',
  taxed: '1',
  qty: '1',
  linetotal: 4.33,
};

function totals(inv: Record<string, unknown>) {
  const { subtotal, credit, tax, taxrate, tax2, taxrate2, total } = inv;
  return { subtotal, credit, tax, taxrate, tax2, taxrate2, total };
}

t.test('addInvoiceItem adds a line, answers it in the published shape and computes the totals again', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, HOURS);
  const newline = {
    id: '23',
    invoice_id: '3',
    type: 'Other',
    item_id: '0',
    description: 'Extra support [hours]',
    amount: '10.00',
    taxed: '1',
    qty: '1.5',
    linetotal: 15,
  };
  t.strictSame(body, { success: true, newline, call: CALL, server_time: SERVER_TIME }, 'amount a two-decimal string, linetotal a number');
  t.strictSame(Object.keys(body), ['success', 'newline', 'call', 'server_time']);
  t.strictSame(
    Object.keys(body.newline as object),
    ['id', 'invoice_id', 'type', 'item_id', 'description', 'amount', 'taxed', 'qty', 'linetotal'],
    'the published key order',
  );
  assertSuccess(t, body, CALL);

  const after = await invoiceDetails(t, app, '3');
  t.strictSame(after.items, [LINE_5, newline]);
  t.strictSame(
    totals(after),
    { subtotal: '19.33', credit: '0.00', tax: '3.87', taxrate: '20.00', tax2: '0.00', taxrate2: '0.00', total: '23.20' },
    '20% of 19.33 rounds to 3.87',
  );
  t.match(after, { status: 'Unpaid', date: '2026-11-01', duedate: '2026-11-08' }, 'nothing else changes');
  const listed = ((await read(t, app, 'getInvoices', { list: 'unpaid' })).invoices as Array<Record<string, string>>).find(
    (i) => i.id === '3',
  );
  t.equal(listed?.total, '23.20', 'getInvoices shows the new total');
});

t.test('qty defaults to 1, an untaxed line leaves the taxes, and a discount line lowers them', async (t) => {
  const app = await build(t);
  // Invoice 8: Grace, Ontario (5% GST + 7% PST), 67.00 of taxed lines, 25.00 paid.
  const plain = await api(app, CALL, { id: '8', line: 'Migration', price: '10.5', tax: '0' });
  t.strictSame(assertSuccess(t, plain, CALL).newline, {
    id: '23',
    invoice_id: '8',
    type: 'Other',
    item_id: '0',
    description: 'Migration',
    amount: '10.50',
    taxed: '0',
    qty: '1',
    linetotal: 10.5,
  });
  t.strictSame(totals(await invoiceDetails(t, app, '8')), {
    subtotal: '77.50',
    credit: '0.00',
    tax: '3.35',
    taxrate: '5.00',
    tax2: '4.69',
    taxrate2: '7.00',
    total: '85.54',
  });

  const discount = await api(app, CALL, { id: '8', line: 'Loyalty discount', price: '-5', qty: '1', tax: '1' });
  t.match(assertSuccess(t, discount, CALL).newline, { id: '24', amount: '-5.00', taxed: '1', qty: '1', linetotal: -5 });
  t.strictSame(
    totals(await invoiceDetails(t, app, '8')),
    { subtotal: '72.50', credit: '0.00', tax: '3.10', taxrate: '5.00', tax2: '4.34', taxrate2: '7.00', total: '79.94' },
    'both taxes on 62.00 of taxed lines',
  );
});

t.test('addInvoiceItem fills a Draft made by addInvoice, with line ids that keep counting', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'addInvoice', { client_id: '1' }), 'addInvoice');
  assertSuccess(t, await api(app, CALL, { id: '13', line: 'Design work', price: '100', qty: '2', tax: '1' }), CALL);
  assertSuccess(t, await api(app, CALL, { id: '13', line: 'Stock photos', price: '0.99', qty: '3', tax: '0' }), CALL);
  const draft = await invoiceDetails(t, app, '13');
  t.strictSame(
    (draft.items as Array<Record<string, unknown>>).map((l) => [l.id, l.amount, l.qty, l.linetotal]),
    [
      ['23', '100.00', '2', 200],
      ['24', '0.99', '3', 2.97],
    ],
  );
  t.strictSame(totals(draft), {
    subtotal: '202.97',
    credit: '0.00',
    tax: '16.50',
    taxrate: '8.25',
    tax2: '0.00',
    taxrate2: '0.00',
    total: '219.47',
  });
  t.equal(draft.status, 'Draft', 'still a Draft');
});

t.test('addInvoiceItem takes the numbers a JSON client sends (tax 1/0, price 10 or 10.5)', async (t) => {
  const app = await build(t);
  const body = await apiJson(app, CALL, { id: 3, line: 'Hours', price: 10.5, qty: 2, tax: 1 });
  t.match(assertSuccess(t, body, CALL).newline, { amount: '10.50', qty: '2', taxed: '1', linetotal: 21 });
});

t.test('addInvoiceItem answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  const body = await sameEverywhereMutating(t, app, CALL, HOURS);
  t.match(body, { success: true, newline: { id: '23', amount: '10.00' } });
});

t.test('addInvoiceItem refusals change nothing', async (t) => {
  const app = await build(t);
  // Invoice 13 bills 10.00 and carries 8.00 credit.
  assertSuccess(t, await api(app, 'addInvoice', { client_id: '4' }), 'addInvoice');
  assertSuccess(t, await api(app, CALL, { id: '13', line: 'Prints', price: '10', tax: '0' }), CALL);
  assertSuccess(t, await api(app, 'editInvoiceDetails', { id: '13', credit: '8' }), 'editInvoiceDetails');
  const without = (name: string) => Object.fromEntries(Object.entries(HOURS).filter(([k]) => k !== name));
  const price = 'Parameter price must be an amount with at most two decimals, such as 10 or 10.50 (negative for a discount line)';
  const qty = 'Parameter qty must be a positive quantity with at most four decimals, such as 3 or 1.5';
  await refusedWith(t, app, CALL, [
    ...['id', 'line', 'price', 'tax'].map((name): [WireParams, string] => [without(name), `Parameter ${name} is required`]),
    [{ ...HOURS, id: 'x' }, 'Parameter id must be a positive whole number id, such as 1'],
    [{ ...HOURS, line: '' }, 'Parameter line must be a non-empty text'],
    [{ ...HOURS, price: 'ten' }, price],
    [{ ...HOURS, price: '10.555' }, price],
    [{ ...HOURS, price: '' }, price],
    [{ ...HOURS, qty: '0' }, qty],
    [{ ...HOURS, qty: '-1' }, qty],
    [{ ...HOURS, qty: '1.23456' }, qty],
    [{ ...HOURS, tax: 'maybe' }, 'Parameter tax must be one of: 0, 1'],
    [{ ...HOURS, id: '99' }, 'Invoice 99 not found'],
    [
      { ...HOURS, id: '1' },
      'Invoice #1 is Paid: lines cannot be added to a Paid, Cancelled or Refunded invoice; mark it Unpaid with setInvoiceStatus first',
    ],
    [
      { ...HOURS, id: '7' },
      'Invoice #7 is Cancelled: lines cannot be added to a Paid, Cancelled or Refunded invoice; mark it Unpaid with setInvoiceStatus first',
    ],
    [
      { ...HOURS, id: '9' },
      'Invoice #9 is Refunded: lines cannot be added to a Paid, Cancelled or Refunded invoice; mark it Unpaid with setInvoiceStatus first',
    ],
    // Invoice 12 totals 88.03 with 40.00 paid.
    [{ ...HOURS, id: '12', price: '-50', qty: '1' }, 'Invoice #12 would total 38.03, less than the 40.00 already paid on it'],
    [
      { ...HOURS, id: '13', price: '-5', qty: '1', tax: '0' },
      'Invoice #13 would carry 8.00 credit, more than the 5.00 it bills (subtotal plus taxes)',
    ],
  ]);
});
