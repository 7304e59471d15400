import t from 'tap';
import { api, assertSuccess, build, type WireParams, noScanOf, readContext } from '../../helpers/app.js';
import { idOrder, keyOrder } from '../../helpers/shapes.js';
import { refusals } from '../../helpers/refusals.js';
import { idLister, read, readEverywhere } from '../../helpers/reads.js';
import getTransactions from '../../../src/operations/invoices/getTransactions.js';
import { Seed, World } from '../../../src/store/world.js';
import { loadFixtures } from '../../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../../src/paths.js';

const ALL_NEWEST_FIRST = ['20', '19', '18', '17', '16', '15', '14', '13', '12', '11', '10', '9', '8', '7', '6', '5', '4', '3', '2', '1'];

const ids = idLister('getTransactions', 'transactions');

t.test('getTransactions lists every transaction newest first with names and gateway joined in', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getTransactions', {});
  const list = result.transactions as Record<string, unknown>[];
  idOrder(t, list, ALL_NEWEST_FIRST);
  t.strictSame(list[0], {
    in: '40.00',
    out: '0.00',
    id: '20',
    firstname: 'Bruno',
    lastname: 'Keller',
    date: '2026-11-18 10:20:00',
    currency_id: '1',
    description: 'Invoice #12 partial payment (bank transfer)',
    fee: '0.00',
    module: 'Bank Transfer',
    client_id: '2',
    trans_id: 'BT-20261118-0026',
    invoice_id: '12',
  });
  keyOrder(t, list[0], 'in out id firstname lastname date currency_id description fee module client_id trans_id invoice_id');
  t.strictSame(result.sorter, { perpage: 25, totalpages: 1, sorterrecords: 20, sorterpage: 1 });
});

t.test('getTransactions pages from 0 with perpage, sorterpage naming the next page', async (t) => {
  const app = await build(t);
  const first = await read(t, app, 'getTransactions', { page: '0', perpage: '5' });
  const second = await read(t, app, 'getTransactions', { page: '1', perpage: '5' });
  t.strictSame(
    (first.transactions as { id: string }[]).map((tx) => tx.id),
    ['20', '19', '18', '17', '16'],
  );
  t.strictSame(
    (second.transactions as { id: string }[]).map((tx) => tx.id),
    ['15', '14', '13', '12', '11'],
  );
  t.strictSame(first.sorter, { perpage: 5, totalpages: 4, sorterrecords: 20, sorterpage: 1 });
  t.strictSame(second.sorter, { perpage: 5, totalpages: 4, sorterrecords: 20, sorterpage: 2 });
  const past = await read(t, app, 'getTransactions', { page: '9', perpage: '5' });
  t.strictSame(past.transactions, [], 'a page past the end is empty');
  t.strictSame(past.sorter, { perpage: 5, totalpages: 4, sorterrecords: 20, sorterpage: 10 });
});

t.test('getTransactions narrows to a client or an invoice', async (t) => {
  const app = await build(t);
  t.strictSame(await ids(t, app, { client_id: '1' }), ['19', '18', '17', '16', '1']);
  t.strictSame(await ids(t, app, { invoice_id: '10' }), ['18', '17', '16']);
  t.strictSame(await ids(t, app, { client_id: '1', invoice_id: '10' }), ['18', '17', '16']);
  t.strictSame(await ids(t, app, { client_id: '1', invoice_id: '6' }), [], "invoice 6 is not client 1's");
  const none = await read(t, app, 'getTransactions', { client_id: '9' });
  t.strictSame(none, { transactions: [], sorter: { perpage: 25, totalpages: 0, sorterrecords: 0, sorterpage: 1 } });
});

t.test('getTransactions applies each filter', async (t) => {
  const app = await build(t);
  const cases: Array<[WireParams, string[]]> = [
    [{ 'filter[trans_id]': 'bt-2026' }, ['20', '4', '3', '2']],
    [{ 'filter[trans_id]': 'ch_3QfR8sLkdIwHu7ix0k2YbT4e' }, ['1']],
    [{ 'filter[module]': 'PayPal' }, ['15', '14', '6', '5']],
    [{ 'filter[module]': 'bank transfer' }, ['20', '12', '11', '10', '9', '4', '3', '2']],
    [{ 'filter[module]': 'Mollie' }, []],
    [{ 'filter[currency_id]': '1' }, ['20', '8', '7', '4', '3', '2']],
    [{ 'filter[date]': '2026-09-20' }, ['8', '7']],
    [{ 'filter[date]': '2025-11' }, ['12', '11', '10', '9']],
    [{ 'filter[date]': '2025' }, ['12', '11', '10', '9']],
    [{ 'filter[description]': 'REFUND' }, ['15']],
    [{ 'filter[lastname]': 'kel' }, ['20', '4', '3', '2']],
    [{ 'filter[companyname]': 'Trading' }, ['12', '11', '10', '9']],
    [{ 'filter[in]': '40' }, ['20', '5', '3', '2']],
    [{ 'filter[out]': '4.49' }, ['15']],
    [{ client_id: '1', 'filter[date]': '2026-05' }, ['17', '16']],
    [{ 'filter[module]': 'Stripe', 'filter[currency_id]': '0', 'filter[in]': '150.00' }, ['17', '16']],
    [{ 'filter[module]': '', 'filter[date]': '' }, ALL_NEWEST_FIRST],
  ];
  for (const [params, expected] of cases) t.strictSame(await ids(t, app, params), expected, JSON.stringify(params));
  const paged = assertSuccess(
    t,
    await api(app, 'getTransactions', { 'filter[currency_id]': '1', perpage: '4', page: '1' }),
    'getTransactions',
  );
  t.strictSame(paged.sorter, { perpage: 4, totalpages: 2, sorterrecords: 6, sorterpage: 2 }, 'sorter counts filtered rows');
});

refusals('getTransactions refuses unknown ids, malformed parameters and filters it does not know', 'getTransactions', [
  [{ client_id: '99' }, 'Client 99 not found'],
  [{ invoice_id: '99' }, 'Invoice 99 not found'],
  [{ client_id: 'abc' }, 'Parameter client_id must be a positive whole number id, such as 1'],
  [{ invoice_id: '0' }, 'Parameter invoice_id must be a positive whole number id, such as 1'],
  [{ page: '-1' }, 'Parameter page must be a page number counted from 0'],
  [{ perpage: '0' }, 'Parameter perpage must be a page size from 1 to 1000'],
  [{ 'filter[date]': '2026-1' }, 'Parameter filter[date] must be a date or its start: YYYY-MM-DD, YYYY-MM or YYYY'],
  [
    { 'filter[in]': 'abc' },
    'Parameter filter[in] must be a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30',
  ],
  [{ 'filter[currency_id]': 'x' }, 'Parameter filter[currency_id] must be 0 or a positive whole number id'],
  [{ 'filter[type]': 'invoice' }, 'Parameter filter[type] must be absent: it is not a known key here'],
  [{ filter: 'x' }, 'Parameter filter must be a set of filters such as filter[module]=PayPal; an empty filter value means no filter'],
]);

t.test("getTransactions finds a client's or an invoice's rows through the index, without a scan", async (t) => {
  const world = new World(new Seed(loadFixtures(defaultFixturesDir)));
  noScanOf(world, 'transactions');
  const ctx = readContext(world);
  t.strictSame(
    getTransactions.run({ client_id: '4' }, ctx).transactions.map((tx) => tx.id),
    ['6', '5'],
  );
  t.strictSame(
    getTransactions.run({ invoice_id: '9' }, ctx).transactions.map((tx) => tx.id),
    ['15', '14'],
  );
});
