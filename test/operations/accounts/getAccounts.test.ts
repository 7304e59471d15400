import t from 'tap';
import { build } from '../../helpers/app.js';
import { idOrder } from '../../helpers/shapes.js';
import { refusals } from '../../helpers/refusals.js';
import { ACCOUNT_ROW_12 } from '../../helpers/records.js';
import { idLister, read, readEverywhere } from '../../helpers/reads.js';

const ids = idLister('getAccounts', 'accounts');

t.test('getAccounts lists every account newest first, in the getClientAccounts item shape', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getAccounts', {});
  const accounts = result.accounts as Record<string, unknown>[];
  idOrder(t, accounts, ['18', '17', '16', '15', '14', '13', '12', '11', '10', '9', '8', '7', '6', '5', '4', '3', '2', '1']);
  // Account 17: client 7 (Grace Liu) on product 17 (Managed Backup, type 5).
  t.strictSame(accounts[1], {
    id: '17',
    manual: '0',
    domain: 'cloud.graceliu.io',
    billingcycle: 'Monthly',
    status: 'Active',
    total: '6.00',
    next_due: '2026-12-15',
    name: 'Managed Backup',
    type: '5',
    lastname: 'Liu',
    firstname: 'Grace',
    client_id: '7',
    currency_id: '0',
  });
  t.strictSame(accounts[6], ACCOUNT_ROW_12);
  t.strictSame(accounts[8], {
    id: '10',
    manual: '0',
    domain: 'cloud.graceliu.io',
    billingcycle: 'Monthly',
    status: 'Pending',
    total: '18.00',
    next_due: '2026-11-25',
    name: 'Cloud Flex',
    type: '14',
    lastname: 'Liu',
    firstname: 'Grace',
    client_id: '7',
    currency_id: '0',
  });
  t.strictSame(result.sorter, { perpage: 25, totalpages: 1, sorterrecords: 18, sorterpage: 1 });
  const clientList = await read(t, app, 'getClientAccounts', { id: '1' });
  t.strictSame(
    accounts.filter((a) => a.client_id === '1'),
    clientList.accounts,
    'the same items getClientAccounts answers',
  );
});

t.test('getAccounts pages with page and perpage', async (t) => {
  const app = await build(t);
  const first = await read(t, app, 'getAccounts', { perpage: '5' });
  const last = await read(t, app, 'getAccounts', { perpage: '5', page: '3' });
  const beyond = await read(t, app, 'getAccounts', { perpage: '5', page: '4' });
  // 18 accounts in pages of 5: 18-14, 13-9, 8-4, then 3, 2 and 1 on the fourth page.
  t.strictSame(
    (first.accounts as { id: string }[]).map((a) => a.id),
    ['18', '17', '16', '15', '14'],
  );
  t.strictSame(
    (last.accounts as { id: string }[]).map((a) => a.id),
    ['3', '2', '1'],
  );
  t.strictSame(beyond.accounts, []);
  t.strictSame(first.sorter, { perpage: 5, totalpages: 4, sorterrecords: 18, sorterpage: 1 });
  t.strictSame(last.sorter, { perpage: 5, totalpages: 4, sorterrecords: 18, sorterpage: 4 });
});

t.test('getAccounts: list picks a status', async (t) => {
  const app = await build(t);
  t.strictSame(await ids(t, app, { list: 'all' }), [
    '18',
    '17',
    '16',
    '15',
    '14',
    '13',
    '12',
    '11',
    '10',
    '9',
    '8',
    '7',
    '6',
    '5',
    '4',
    '3',
    '2',
    '1',
  ]);
  t.strictSame(await ids(t, app, { list: 'all_active' }), ['17', '16', '15', '14', '13', '12', '8', '7', '6', '4', '3', '2', '1']);
  t.strictSame(await ids(t, app, { list: 'all_pending' }), ['10']);
  t.strictSame(await ids(t, app, { list: 'all_suspended' }), ['5']);
  t.strictSame(await ids(t, app, { list: 'all_terminated' }), ['11']);
  t.strictSame(await ids(t, app, { list: 'all_cancelled' }), ['9']);
  t.strictSame(await ids(t, app, { list: 'all_fraud' }), ['18']);
});

t.test('getAccounts: each filter, alone and combined', async (t) => {
  const app = await build(t);
  t.strictSame(await ids(t, app, { 'filter[client_name]': 'morgan' }), ['16', '12', '2', '1'], 'part of the name, any case');
  t.strictSame(await ids(t, app, { 'filter[client_name]': 'Bruno Keller' }), ['4', '3'], 'first and last name');
  t.strictSame(await ids(t, app, { 'filter[domain]': 'MORGAN-design' }), ['16', '12', '2', '1']);
  t.strictSame(await ids(t, app, { 'filter[domain]': 'vps1.' }), ['2']);
  t.strictSame(await ids(t, app, { 'filter[product_id]': '2' }), ['1']);
  t.strictSame(await ids(t, app, { 'filter[product_id]': '16' }), [], 'a product nobody has');
  t.strictSame(await ids(t, app, { 'filter[status]': 'Active' }), ['17', '16', '15', '14', '13', '12', '8', '7', '6', '4', '3', '2', '1']);
  t.strictSame(await ids(t, app, { 'filter[status]': 'Terminated' }), ['11']);
  t.strictSame(await ids(t, app, { 'filter[next_due]': '2027-06-02' }), ['2']);
  t.strictSame(await ids(t, app, { 'filter[billingcycle]': 'Monthly' }), ['18', '17', '16', '15', '11', '10', '9', '5', '4', '1']);
  t.strictSame(await ids(t, app, { 'filter[billingcycle]': 'Semi-Annually' }), []);
  t.strictSame(await ids(t, app, { 'filter[server_id]': '2' }), ['8', '6', '1']);
  t.strictSame(await ids(t, app, { 'filter[server_id]': '0' }), ['17', '16', '15', '14', '13', '12', '9', '4'], 'accounts on no server');
  t.strictSame(
    await ids(t, app, { 'filter[category_id]': '1' }),
    ['18', '11', '8', '6', '5', '3', '1'],
    'Shared Hosting and its sub-pages',
  );
  t.strictSame(await ids(t, app, { 'filter[category_id]': '7' }), ['5', '3'], 'Europe (Frankfurt)');
  t.strictSame(await ids(t, app, { 'filter[category_id]': '1', list: 'all_active' }), ['8', '6', '3', '1']);
  t.strictSame(await ids(t, app, { list: 'all_active', 'filter[status]': 'Pending' }), [], 'list and status must both hold');
  t.strictSame(await ids(t, app, { 'filter[client_name]': 'alice', 'filter[billingcycle]': 'Annually' }), ['12', '2']);
  t.strictSame(await ids(t, app, { 'filter[product_id]': '9', list: 'all_active', 'filter[domain]': 'laurent' }), ['7']);
  t.equal((await ids(t, app, { 'filter[status]': '', 'filter[domain]': '' })).length, 18, 'empty filters filter nothing');
  const paged = await read(t, app, 'getAccounts', { list: 'all_active', perpage: '3', page: '1' });
  // 13 active accounts (all but 5, 9, 10, 11); the second page of 3 holds the 4th to 6th.
  t.strictSame(
    (paged.accounts as { id: string }[]).map((a) => a.id),
    ['14', '13', '12'],
  );
  t.strictSame(paged.sorter, { perpage: 3, totalpages: 5, sorterrecords: 13, sorterpage: 2 }, 'the sorter counts filtered rows');
});

refusals('getAccounts refuses malformed parameters and unknown product or order page', 'getAccounts', [
  [
    { list: 'everything' },
    'Parameter list must be one of: all, all_active, all_pending, all_suspended, all_terminated, all_fraud, all_cancelled',
  ],
  [
    { 'filter[status]': 'Closed' },
    'Parameter filter[status] must be an account status: Pending, Active, Suspended, Terminated, Cancelled or Fraud',
  ],
  [{ 'filter[next_due]': '2027-6-2' }, 'Parameter filter[next_due] must be a date as YYYY-MM-DD'],
  [{ 'filter[billingcycle]': 'm' }, 'Parameter filter[billingcycle] must be a billing cycle name such as Monthly'],
  [{ 'filter[product_id]': 'abc' }, 'Parameter filter[product_id] must be a positive whole number id, such as 1'],
  [{ 'filter[form_name]': 'x' }, 'Parameter filter[form_name] must be absent: it is not a known key here'],
  [{ 'filter[product_id]': '99' }, 'Product 99 not found'],
  [{ 'filter[category_id]': '99' }, 'Order page 99 not found'],
  [{ page: '-1' }, 'Parameter page must be a page number counted from 0'],
  [{ perpage: '0' }, 'Parameter perpage must be a page size from 1 to 1000'],
]);
