// The money flows a client area and an admin tool run, every state read back
// through the API: an order's invoice paid in two parts turning the service on,
// and a manual invoice charged to a card that declines and then to one that pays.
import t from 'tap';
import { api, assertError, assertSuccess, build, type Body } from '../helpers/app.js';
import { emails } from '../helpers/reads.js';

type Test = Parameters<typeof assertSuccess>[0];
const ok = (t: Test, body: Body, call: string) => assertSuccess(t, body, call) as Record<string, any>;

t.test('order -> invoice -> partial payment -> full payment -> service Active', async (t) => {
  const app = await build(t);
  const call = (name: string, params: Record<string, string> = {}) => api(app, name, params);

  const placed = ok(
    t,
    await call('addOrder', { client_id: '1', product: '1', cycle: 'm', invoice_generate: '1', confirm: '1' }),
    'addOrder',
  );
  const order = () => call('getOrderDetails', { id: placed.order_id }).then((b) => ok(t, b, 'getOrderDetails').details);
  const details = await order();
  const invoiceId = details.invoice_id as string;
  const serviceId = details.hosting[0].id as string;
  const invoice = () => call('getInvoiceDetails', { id: invoiceId }).then((b) => ok(t, b, 'getInvoiceDetails'));
  // Starter monthly 4.95 for a Texas client: 8.25% tax, rounded once.
  t.strictSame([(await invoice()).invoice.status, (await invoice()).invoice.total], ['Unpaid', '5.36']);

  // A partial payment: recorded, the rest still due, nothing activated.
  t.strictSame(
    ok(
      t,
      await call('addInvoicePayment', {
        id: invoiceId,
        amount: '2.00',
        paymentmodule: '2',
        fee: '0.36',
        date: '2026-11-20',
        transnumber: 'ch_part_1',
      }),
      'addInvoicePayment',
    ),
    { info: ['Transaction has been added to invoice'] },
  );
  let read = await invoice();
  t.strictSame([read.invoice.status, read.invoice.datepaid, read.invoice.paid_id], ['Unpaid', '0000-00-00 00:00:00', '']);
  t.strictSame(
    read.transactions.map((tx: Record<string, string>) => [tx.in, tx.fee, tx.module, tx.trans_id, tx.description]),
    [['2.00', '0.36', 'Stripe', 'ch_part_1', `Invoice #${invoiceId} partial payment`]],
  );
  t.equal((await order()).status, 'Pending', 'a partial payment accepts nothing');
  t.equal((await order()).hosting[0].status, 'Pending');

  // The rest: the invoice is Paid, numbered and dated; the order and its service turn on.
  ok(
    t,
    await call('addInvoicePayment', { id: invoiceId, amount: '3.36', paymentmodule: '2', fee: '0', date: '2026-11-20', send_email: '1' }),
    'addInvoicePayment',
  );
  read = await invoice();
  t.strictSame(
    [read.invoice.status, read.invoice.datepaid, read.invoice.paid_id],
    ['Paid', '2026-11-20 12:00:00', '2026/0048'],
    'paid on the session day, numbered after the bundled 2026/0047',
  );
  t.strictSame(
    read.transactions.map((tx: Record<string, string>) => [tx.in, tx.description]),
    [
      ['2.00', `Invoice #${invoiceId} partial payment`],
      ['3.36', `Invoice #${invoiceId} payment`],
    ],
  );
  const activated = await order();
  t.equal(activated.status, 'Active', 'paying the invoice accepts the order');
  t.equal(activated.hosting[0].status, 'Active', 'and creates its service');
  const account = ok(t, await call('getAccountDetails', { id: serviceId }), 'getAccountDetails').details;
  t.equal(account.status, 'Active');
  const listed = ok(t, await call('getTransactions', {}), 'getTransactions').transactions as Array<Record<string, string>>;
  t.strictSame(
    listed.filter((tx) => tx.invoice_id === invoiceId).map((tx) => tx.in),
    ['3.36', '2.00'],
    'getTransactions lists both, newest first',
  );
  const mail = (await emails(app)).find((e) => e.template === 'Invoice Payment Confirmation');
  t.match(
    mail,
    { to: 'alice@morgan-design.com', subject: `Invoice Payment Confirmation #${invoiceId}` },
    'send_email=1 records the confirmation',
  );
  t.equal(
    (await emails(app)).filter((e) => e.template === 'Invoice Payment Confirmation').length,
    1,
    'only the payment that asked for it sends one',
  );

  // Paid means paid: another payment is refused.
  assertError(
    t,
    await call('addInvoicePayment', { id: invoiceId, amount: '1.00', paymentmodule: '2', fee: '0', date: '2026-11-20' }),
    'addInvoicePayment',
    [`Invoice #${invoiceId} is Paid: only an Unpaid invoice (or one in Collections) takes payments`],
  );
});

t.test('manual invoice -> two lines -> Unpaid -> card declined -> card charged -> getTransactions', async (t) => {
  const app = await build(t);
  const call = (name: string, params: Record<string, string> = {}) => api(app, name, params);

  // Client 7 (Grace Liu) keeps a working primary card and the declining test cards 4-6.
  const created = ok(t, await call('addInvoice', { client_id: '7' }), 'addInvoice');
  const id = created.invoice_id as string;
  t.strictSame(created, { invoice_id: '13' });
  const read = async () => ok(t, await call('getInvoiceDetails', { id }), 'getInvoiceDetails');
  t.equal((await read()).invoice.status, 'Draft');
  const hidden = ok(t, await call('getClientInvoices', { id: '7' }), 'getClientInvoices').invoices as Array<Record<string, string>>;
  t.notOk(
    hidden.some((i) => i.id === id),
    'a Draft stays out of the client list',
  );

  const line = (line: string, price: string, qty: string, tax: string) => call('addInvoiceItem', { id, line, price, qty, tax });
  t.strictSame(ok(t, await line('Website audit', '120', '1', '1'), 'addInvoiceItem').newline, {
    id: '23',
    invoice_id: id,
    type: 'Other',
    item_id: '0',
    description: 'Website audit',
    amount: '120.00',
    taxed: '1',
    qty: '1',
    linetotal: 120,
  });
  ok(t, await line('Travel', '35.50', '2', '0'), 'addInvoiceItem');
  let invoice = (await read()).invoice;
  // 5% and 7% on the taxed line only, each rounded once for the invoice.
  t.strictSame([invoice.subtotal, invoice.tax, invoice.tax2, invoice.total], ['191.00', '6.00', '8.40', '205.40']);
  t.strictSame(
    invoice.items.map((i: Record<string, unknown>) => i.linetotal),
    [120, 71],
  );

  ok(t, await call('setInvoiceStatus', { id, status: 'Unpaid' }), 'setInvoiceStatus');
  const listed = ok(t, await call('getClientInvoices', { id: '7' }), 'getClientInvoices').invoices as Array<Record<string, string>>;
  t.equal(listed[0].id, id, 'Unpaid, it leads the client list');

  // Declined: the reason in the error envelope, nothing recorded.
  const before = await read();
  assertError(t, await call('chargeCreditCard', { id, card_id: '4' }), 'chargeCreditCard', [
    'Credit card has been declined: insufficient funds (card ending 9995)',
  ]);
  t.strictSame(await read(), before, 'a decline changes nothing');

  // Charged on the primary card: Paid, and the payment is in the transaction list.
  t.strictSame(ok(t, await call('chargeCreditCard', { id }), 'chargeCreditCard'), { info: ['Credit card has been charged.'] });
  invoice = (await read()).invoice;
  t.strictSame([invoice.status, invoice.paid_id], ['Paid', '2026/0048']);
  const transactions = ok(t, await call('getTransactions', {}), 'getTransactions').transactions as Array<Record<string, string>>;
  t.match(transactions[0], {
    invoice_id: id,
    client_id: '7',
    in: '205.40',
    out: '0.00',
    module: 'Stripe',
    description: `Invoice #${id} payment`,
  });
});

t.test("paying an upgrade order's invoice applies the upgrade; paying a credit receipt adds credit", async (t) => {
  const app = await build(t);
  const call = (name: string, params: Record<string, string> = {}) => api(app, name, params);
  const account = async () => ok(t, await call('getAccountDetails', { id: '1' }), 'getAccountDetails').details;

  const { checkout } = ok(t, await call('orderUpgrade', { id: '1', new: '3', new_billing: 'm' }), 'orderUpgrade');
  t.equal((await account()).product_id, '2', 'nothing moves while the upgrade is unpaid');
  ok(
    t,
    await call('addInvoicePayment', { id: checkout.invoice_id, amount: '6.11', paymentmodule: '2', fee: '0', date: '2026-11-20' }),
    'addInvoicePayment',
  );
  t.equal((await account()).product_id, '3', 'paid: account 1 is on product 3');
  t.equal(ok(t, await call('getOrderDetails', { id: checkout.order_id }), 'getOrderDetails').details.status, 'Active');

  const credit = async () => ok(t, await call('getClientDetails', { id: '4' }), 'getClientDetails').client.credit;
  const receipt = ok(t, await call('addCreditReceipt', { client_id: '4', amount: '40' }), 'addCreditReceipt');
  t.equal(await credit(), '0.00', 'an unpaid receipt adds nothing');
  ok(t, await call('setInvoiceStatus', { id: receipt.invoice_id, status: 'Paid' }), 'setInvoiceStatus');
  t.equal(await credit(), '40.00', 'paid: the receipt is credit');
  const log = ok(t, await call('getClientCreditLog', { id: '4' }), 'getClientCreditLog').log;
  t.match(log[0], { in: '40.00', out: '0.00', balance: '40.00', invoice_id: receipt.invoice_id, admin_id: '0' });
});

t.test("the n8n node's invoice operations work unmodified: GET, tax as 1/0, plain-number amounts, ISO dates", async (t) => {
  const app = await build(t);
  // Exactly the parameters the node sends; `read` returns only the keys its responseMap reads.
  const read = async (call: string, params: Record<string, string>, keys: string[]) => {
    const body = ok(t, await api(app, call, params, { via: 'get' }), call);
    return Object.fromEntries(keys.map((k) => [k, body[k]]));
  };
  const { invoice_id } = await read('addInvoice', { client_id: '4' }, ['invoice_id']);
  t.type(invoice_id, 'string');
  const { newline } = await read('addInvoiceItem', { id: invoice_id, line: 'Setup work', price: '10', qty: '2', tax: '0' }, ['newline']);
  t.match(newline, { amount: '10.00', qty: '2', taxed: '0', linetotal: 20 });
  t.strictSame(await read('setInvoiceStatus', { id: invoice_id, status: 'Unpaid' }, ['info']), {
    info: [`Invoice #${invoice_id} marked Unpaid`],
  });
  const payment = { id: invoice_id, amount: '5', paymentmodule: '3', fee: '0', date: '2026-11-19T16:45:00.000Z', transnumber: '42' };
  t.strictSame(await read('addInvoicePayment', payment, ['info']), { info: ['Transaction has been added to invoice'] });
  const { invoice, transactions } = await read('getInvoiceDetails', { id: invoice_id }, ['invoice', 'transactions']);
  t.match(invoice, { status: 'Unpaid', total: '20.00' });
  t.match(transactions, [{ in: '5.00', date: '2026-11-19 16:45:00', trans_id: '42', module: 'Bank Transfer' }]);
  const { invoices } = await read('getInvoices', { list: 'unpaid', page: '0' }, ['invoices']);
  t.ok(
    (invoices as Array<{ id: string }>).some((i) => i.id === invoice_id),
    'getAll lists it as unpaid',
  );
  const other = await read('addInvoice', { client_id: '4' }, ['invoice_id']);
  t.strictSame(await read('deleteInvoice', { id: other.invoice_id as string }, ['info']), {
    info: [`Invoice #${other.invoice_id} Deleted`],
  });
});
