import t from 'tap';
import { build } from '../../helpers/app.js';
import { keyOrder } from '../../helpers/shapes.js';
import { refusals, idRefusals } from '../../helpers/refusals.js';
import { ACCOUNT_ROW_12, ALICE_ON_BUSINESS_HOSTING } from '../../helpers/records.js';
import { idLister, read, readEverywhere } from '../../helpers/reads.js';

const ids = idLister('getClientAccounts', 'accounts');

t.test("getClientAccounts lists a client's accounts newest first with product and client names", async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getClientAccounts', { id: '1' });
  t.strictSame(result, {
    accounts: [
      {
        id: '16',
        manual: '0',
        domain: 'morgan-design.com',
        billingcycle: 'Monthly',
        status: 'Active',
        total: '6.00',
        next_due: '2026-12-09',
        name: 'Managed Backup',
        type: '5',
        lastname: 'Morgan',
        firstname: 'Alice',
        client_id: '1',
        currency_id: '0',
      },
      ACCOUNT_ROW_12,
      {
        id: '2',
        manual: '0',
        domain: 'vps1.morgan-design.com',
        billingcycle: 'Annually',
        status: 'Active',
        total: '129.60',
        next_due: '2027-06-02',
        name: 'VPS 1GB',
        type: '4',
        lastname: 'Morgan',
        firstname: 'Alice',
        client_id: '1',
        currency_id: '0',
      },
      {
        id: '1',
        manual: '0',
        domain: 'morgan-design.com',
        billingcycle: 'Monthly',
        status: 'Active',
        total: '8.95',
        next_due: '2026-12-14',
        ...ALICE_ON_BUSINESS_HOSTING,
      },
    ],
    sorter: { perpage: 25, totalpages: 1, sorterrecords: 4, sorterpage: 1 },
  });
  keyOrder(
    t,
    (result.accounts as object[])[0],
    'id manual domain billingcycle status total next_due name type lastname firstname client_id currency_id',
  );
});

t.test('getClientAccounts pages with page and perpage', async (t) => {
  const app = await build(t);
  const first = await read(t, app, 'getClientAccounts', { id: '1', perpage: '2' });
  const second = await read(t, app, 'getClientAccounts', { id: '1', perpage: '2', page: '1' });
  // Client 1 has accounts 1, 2, 12 and 16.
  t.strictSame(
    (first.accounts as { id: string }[]).map((a) => a.id),
    ['16', '12'],
  );
  t.strictSame(
    (second.accounts as { id: string }[]).map((a) => a.id),
    ['2', '1'],
  );
  t.strictSame(first.sorter, { perpage: 2, totalpages: 2, sorterrecords: 4, sorterpage: 1 });
  t.strictSame(second.sorter, { perpage: 2, totalpages: 2, sorterrecords: 4, sorterpage: 2 });
});

t.test('getClientAccounts filters by order page and by one or several statuses', async (t) => {
  const app = await build(t);
  t.strictSame(await ids(t, app, { id: '1', category_id: '2' }), ['2'], 'VPS Hosting');
  t.strictSame(await ids(t, app, { id: '1', category_id: '3' }), [], 'an order page the client has nothing on');
  t.strictSame(await ids(t, app, { id: '2', category_id: '7' }), ['3'], 'Europe (Frankfurt)');
  t.strictSame(await ids(t, app, { id: '2', category_id: '1' }), ['3'], 'Shared Hosting holds Europe (Frankfurt)');
  t.strictSame(await ids(t, app, { id: '2', category_id: '6' }), ['4']);
  t.strictSame(await ids(t, app, { id: '6', status: 'Cancelled' }), ['9']);
  t.strictSame(await ids(t, app, { id: '6', 'status[]': ['Active', 'Cancelled'] }), ['14', '9', '8']);
  t.strictSame(await ids(t, app, { id: '6', 'status[]': ['Suspended'] }), []);
  t.strictSame(await ids(t, app, { id: '6', status: 'Active', category_id: '1' }), ['8']);
  // Client 9's one service (account 18) is Fraud.
  const none = await read(t, app, 'getClientAccounts', { id: '9', status: 'Active' });
  t.strictSame(
    none,
    { accounts: [], sorter: { perpage: 25, totalpages: 0, sorterrecords: 0, sorterpage: 1 } },
    'a client without Active accounts',
  );
});

refusals('getClientAccounts refuses a missing, malformed or unknown id and bad filters', 'getClientAccounts', [
  ...idRefusals('Client', 'abc', '999'),
  [{ id: '1', category_id: '99' }, 'Order page 99 not found'],
  [{ id: '1', category_id: 'x' }, 'Parameter category_id must be a positive whole number id, such as 1'],
  [{ id: '1', status: 'Bogus' }, 'Parameter status must be one of: Pending, Active, Suspended, Terminated, Cancelled, Fraud'],
  [
    { id: '1', 'status[]': ['Active', 'Closed'] },
    'Parameter status[1] must be one of: Pending, Active, Suspended, Terminated, Cancelled, Fraud',
  ],
  [{ id: '1', perpage: '1001' }, 'Parameter perpage must be a page size from 1 to 1000'],
]);
