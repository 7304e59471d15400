// List calls read a page newest first from the end of a table's rows when the
// table keeps them in id order, and sort only when it does not. Both paths must
// give the same pages: the bundled world (in id order) and the same world with
// every listed collection reversed (sorted on each request) answer alike.
import t from 'tap';
import { api, build, assertSuccess } from '../helpers/app.js';
import { read } from '../helpers/reads.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import type { Collections } from '../../src/generated/wire.js';

const REVERSED = ['invoices', 'transactions', 'clients', 'accounts', 'domains'] as const;

function reversedWorld(): Collections {
  const data = loadFixtures(defaultFixturesDir);
  for (const name of REVERSED) (data[name] as unknown[]).reverse();
  return data;
}

const CASES: Array<[string, Record<string, string>]> = [
  ['getInvoices', {}],
  ['getInvoices', { perpage: '5', page: '1' }],
  ['getInvoices', { perpage: '5', page: '2' }],
  ['getInvoices', { list: 'unpaid' }],
  ['getInvoices', { status: 'Paid', perpage: '2' }],
  ['getInvoices', { list: 'paid', status: 'Unpaid' }],
  ['getInvoices', { client_id: '1' }],
  ['getInvoices', { page: '40' }],
  ['getTransactions', {}],
  ['getTransactions', { perpage: '3', page: '2' }],
  ['getTransactions', { client_id: '1' }],
  ['getTransactions', { 'filter[module]': 'PayPal' }],
  ['getClients', {}],
  ['getClients', { perpage: '4', page: '1' }],
  ['getAccounts', {}],
  ['getAccounts', { list: 'all_active', perpage: '3', page: '1' }],
  ['getAccounts', { 'filter[domain]': 'example' }],
  ['getClientAccounts', { id: '1' }],
  ['getClientDomains', { id: '1' }],
  ['getDomains', {}],
  ['getDomains', { perpage: '3', page: '1' }],
  ['getDomains', { list: 'pending' }],
  ['getDomains', { list: 'active', 'filter[module]': 'Enom' }],
];

t.test('pages read from the end of ordered rows equal pages of sorted rows', async (t) => {
  const ordered = await build(t);
  const reversed = await build(t, { data: reversedWorld() });
  for (const [call, params] of CASES) {
    const a = assertSuccess(t, await api(ordered, call, params), call);
    const b = assertSuccess(t, await api(reversed, call, params), call);
    t.strictSame(b, a, `${call} ${JSON.stringify(params)}`);
    const list = Object.values(a).find(Array.isArray) as Array<{ id: string }>;
    const got = list.map((row) => Number(row.id));
    t.strictSame(
      got,
      [...got].sort((x, y) => y - x),
      `${call} ${JSON.stringify(params)} is newest first`,
    );
  }
});

t.test('an invoice a call adds comes first on page 0', async (t) => {
  const app = await build(t);
  const before = await read(t, app, 'getInvoices', { perpage: '100' });
  assertSuccess(t, await api(app, 'addAddonToAccount', { account_id: '1', addon_id: '1', invoice: 'true' }), 'addAddonToAccount');
  const after = await read(t, app, 'getInvoices', { perpage: '100' });
  const ids = (body: Record<string, unknown>) => (body.invoices as Array<{ id: string }>).map((i) => i.id);
  const newest = String(Math.max(...ids(before).map(Number)) + 1);
  t.strictSame(ids(after), [newest, ...ids(before)], `the new invoice ${newest} first, then the others as before`);
  t.equal((after.sorter as { sorterrecords: number }).sorterrecords, (before.sorter as { sorterrecords: number }).sorterrecords + 1);
});
