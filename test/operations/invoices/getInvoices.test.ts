import t from 'tap';
import { build } from '../../helpers/app.js';
import { idOrder } from '../../helpers/shapes.js';
import { refusals } from '../../helpers/refusals.js';
import { idLister, read, readEverywhere } from '../../helpers/reads.js';

const ids = idLister('getInvoices', 'invoices');

t.test('getInvoices lists every invoice newest first with client and gateway names', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getInvoices', {});
  const invoices = result.invoices as Record<string, unknown>[];
  idOrder(t, invoices, ['12', '11', '10', '9', '8', '7', '6', '5', '4', '3', '2', '1']);
  t.strictSame(invoices[0], {
    id: '12',
    paid_id: '',
    date: '2026-11-10',
    duedate: '2026-11-24',
    datepaid: '0000-00-00 00:00:00',
    total: '88.03',
    credit: '0.00',
    status: 'Unpaid',
    client_id: '2',
    firstname: 'Bruno',
    lastname: 'Keller',
    companyname: 'Keller Maschinenbau GmbH',
    currency_id: '1',
    payment_module: '3',
    gateway: 'Bank Transfer',
  });
  t.strictSame(invoices[7], {
    id: '5',
    paid_id: '2026/0046',
    date: '2026-09-20',
    duedate: '2026-09-20',
    datepaid: '2026-09-20 14:27:33',
    total: '69.10',
    credit: '5.00',
    status: 'Paid',
    client_id: '5',
    firstname: 'Emma',
    lastname: 'Laurent',
    companyname: '',
    currency_id: '1',
    payment_module: '4',
    gateway: 'Authorize.net CC',
  });
  t.strictSame(result.sorter, { perpage: 25, totalpages: 1, sorterrecords: 12, sorterpage: 1 });
});

t.test('getInvoices pages with page and perpage', async (t) => {
  const app = await build(t);
  const first = await read(t, app, 'getInvoices', { perpage: '5' });
  const last = await read(t, app, 'getInvoices', { perpage: '5', page: '2' });
  t.strictSame(
    (first.invoices as { id: string }[]).map((i) => i.id),
    ['12', '11', '10', '9', '8'],
  );
  t.strictSame(
    (last.invoices as { id: string }[]).map((i) => i.id),
    ['2', '1'],
  );
  t.strictSame(first.sorter, { perpage: 5, totalpages: 3, sorterrecords: 12, sorterpage: 1 });
  t.strictSame(last.sorter, { perpage: 5, totalpages: 3, sorterrecords: 12, sorterpage: 3 });
});

t.test('getInvoices filters by list, status and client', async (t) => {
  const app = await build(t);
  t.strictSame(await ids(t, app, { list: 'all' }), ['12', '11', '10', '9', '8', '7', '6', '5', '4', '3', '2', '1']);
  t.strictSame(await ids(t, app, { list: 'paid' }), ['11', '10', '6', '5', '4', '2', '1']);
  t.strictSame(await ids(t, app, { list: 'unpaid' }), ['12', '8', '3']);
  t.strictSame(await ids(t, app, { list: 'cancelled' }), ['7']);
  t.strictSame(await ids(t, app, { list: 'refunded' }), ['9']);
  t.strictSame(await ids(t, app, { list: 'collections' }), []);
  t.strictSame(await ids(t, app, { status: 'Unpaid' }), ['12', '8', '3']);
  t.strictSame(await ids(t, app, { list: 'paid', status: 'Unpaid' }), [], 'list and status must both hold');
  t.strictSame(await ids(t, app, { client_id: '1' }), ['11', '10', '1']);
  t.strictSame(await ids(t, app, { client_id: '6' }), ['7', '6']);
  t.strictSame(await ids(t, app, { client_id: '6', list: 'cancelled' }), ['7']);
  t.strictSame(await ids(t, app, { client_id: '1', status: 'Unpaid' }), []);
  t.strictSame(await ids(t, app, { client_id: '9' }), [], 'a client without invoices');
  const paged = await read(t, app, 'getInvoices', { list: 'paid', perpage: '3', page: '2' });
  t.strictSame(
    (paged.invoices as { id: string }[]).map((i) => i.id),
    ['1'],
  );
  t.strictSame(paged.sorter, { perpage: 3, totalpages: 3, sorterrecords: 7, sorterpage: 3 });
});

refusals('getInvoices refuses malformed parameters and an unknown client', 'getInvoices', [
  [{ list: 'overdue' }, 'Parameter list must be one of: all, paid, unpaid, cancelled, refunded, collections, draft, recurring'],
  [{ status: 'Open' }, 'Parameter status must be one of: Paid, Unpaid, Cancelled, Refunded, Collections, Draft, Recurring'],
  [{ client_id: 'abc' }, 'Parameter client_id must be a positive whole number id, such as 1'],
  [{ client_id: '99' }, 'Client 99 not found'],
  [{ perpage: '1001' }, 'Parameter perpage must be a page size from 1 to 1000'],
]);
