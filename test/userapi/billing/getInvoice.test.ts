import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { grant } from '../../helpers/userBilling.js';

t.test("a client lists its invoices newest first, getInvoices' items with the keys clients read", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'GET', '/invoice', {}, { token }), 'getInvoice');
  const admin = assertSuccess(t, await api(app, 'getInvoices', { client_id: '1' }), 'getInvoices').invoices as Record<string, unknown>[];
  const subtotals = new Map<unknown, unknown>();
  for (const item of admin) {
    const details = assertSuccess(t, await api(app, 'getInvoiceDetails', { id: String(item.id) }), 'getInvoiceDetails');
    subtotals.set(item.id, (details.invoice as Record<string, unknown>).subtotal);
  }
  t.strictSame(
    body,
    {
      invoices: admin.map(({ id, paid_id, date, duedate, datepaid, total, ...rest }) => ({
        id,
        number: paid_id,
        paid_id,
        date,
        duedate,
        datepaid,
        subtotal: subtotals.get(id),
        total,
        credit: rest.credit,
        status: rest.status,
        client_id: rest.client_id,
        firstname: rest.firstname,
        lastname: rest.lastname,
        companyname: rest.companyname,
        currency_id: rest.currency_id,
        currency: 'USD',
        payment_module: rest.payment_module,
        gateway: rest.gateway,
      })),
      page: { current: 1, total: 1 },
    },
    "the Admin API's items with the paid number, getInvoiceDetails' subtotal and the currency's code",
  );
  t.strictSame(
    (body.invoices as { id: string }[]).map((i) => i.id),
    ['11', '10', '1'],
  );
});

t.test('a Draft stays hidden until it is issued; an unpaid invoice is numbered by its id', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const added = assertSuccess(t, await api(app, 'addInvoice', { client_id: '1' }), 'addInvoice');
  const id = String(added.invoice_id);
  let body = assertAnswer(t, await door(app, 'GET', '/invoice', {}, { token }), 'getInvoice');
  t.strictSame(
    (body.invoices as { id: string }[]).map((i) => i.id),
    ['11', '10', '1'],
    'the Draft is not listed',
  );
  assertSuccess(t, await api(app, 'setInvoiceStatus', { id, status: 'Unpaid' }), 'setInvoiceStatus');
  body = assertAnswer(t, await door(app, 'GET', '/invoice', {}, { token }), 'getInvoice');
  const first = (body.invoices as Record<string, unknown>[])[0];
  t.match(first, { id, number: id, paid_id: '', status: 'Unpaid', datepaid: '0000-00-00 00:00:00', currency: 'USD' });
});

t.test('pages count from 1, 25 invoices a page', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  for (let i = 0; i < 25; i++) assertSuccess(t, await api(app, 'addInvoice', { client_id: '1' }), 'addInvoice');
  const drafts = assertSuccess(t, await api(app, 'getInvoices', { client_id: '1', list: 'draft', perpage: '100' }), 'getInvoices')
    .invoices as { id: string }[];
  for (const { id } of drafts) await api(app, 'setInvoiceStatus', { id, status: 'Unpaid' });
  const one = assertAnswer(t, await door(app, 'GET', '/invoice', {}, { token }), 'getInvoice');
  t.equal((one.invoices as unknown[]).length, 25);
  t.strictSame(one.page, { current: 1, total: 2 });
  const two = assertAnswer(t, await door(app, 'GET', '/invoice', { page: 2 }, { token }), 'getInvoice');
  t.strictSame(
    (two.invoices as { id: string }[]).map((i) => i.id),
    ['11', '10', '1'],
  );
  t.strictSame(two.page, { current: 2, total: 2 });
});

t.test('a contact needs billing.payinvoice', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  const body = assertAnswer(t, await door(app, 'GET', '/invoice', {}, { token }), 'getInvoice');
  t.equal((body.invoices as unknown[]).length, 3, "Tom sees Alice's invoices");
  await grant(app, '10', { billing: ['emails'] });
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', '/invoice', {}, { token }), 403, [
    'Contact 10 may not do this: it needs the privilege billing.payinvoice (the client grants it with PUT /api/contact/10 or editContactPermissions)',
  ]);
  t.equal(storeJson(app), before, 'the refusal changed nothing');
});

t.test('a page that is not a number from 1 is refused', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', '/invoice', { page: '0' }, { token }), 200, [
    'Parameter page must be the page of the list, counted from 1 (25 items a page)',
  ]);
  t.equal(storeJson(app), before, 'the refusal changed nothing');
});
