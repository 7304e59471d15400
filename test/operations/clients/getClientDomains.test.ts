import t from 'tap';
import { build, type WireParams } from '../../helpers/app.js';
import { keyOrder } from '../../helpers/shapes.js';
import { refusals, idRefusals } from '../../helpers/refusals.js';
import { DOMAIN_ROWS } from '../../helpers/records.js';
import { idLister, read, readEverywhere } from '../../helpers/reads.js';

const ids = idLister('getClientDomains', 'domains');

t.test("getClientDomains lists a client's domains newest first with client and registrar names", async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getClientDomains', { id: '1' });
  t.strictSame(result, {
    domains: [DOMAIN_ROWS[2], DOMAIN_ROWS[1]],
    sorter: { perpage: 25, totalpages: 1, sorterrecords: 2, sorterpage: 1 },
  });
  keyOrder(
    t,
    (result.domains as object[])[0],
    'id manual name lastname firstname cid period recurring_amount currency_id module next_due expires status type date_created autorenew reglock idprotection',
  );
});

t.test('getClientDomains pages with page and perpage', async (t) => {
  const app = await build(t);
  const first = await read(t, app, 'getClientDomains', { id: '1', perpage: '1' });
  const second = await read(t, app, 'getClientDomains', { id: '1', perpage: '1', page: '1' });
  t.strictSame(
    (first.domains as { id: string }[]).map((d) => d.id),
    ['2'],
  );
  t.strictSame(
    (second.domains as { id: string }[]).map((d) => d.id),
    ['1'],
  );
  t.strictSame(first.sorter, { perpage: 1, totalpages: 2, sorterrecords: 2, sorterpage: 1 });
  t.strictSame(second.sorter, { perpage: 1, totalpages: 2, sorterrecords: 2, sorterpage: 2 });
});

t.test('getClientDomains applies each filter', async (t) => {
  const app = await build(t);
  const cases: Array<[WireParams, string[]]> = [
    [{ id: '1', 'filter[name]': '.IO' }, ['2']],
    [{ id: '1', 'filter[name]': 'morgan' }, ['2', '1']],
    [{ id: '1', 'filter[status]': 'Active' }, ['2', '1']],
    [{ id: '1', 'filter[status]': 'Expired' }, []],
    [{ id: '8', 'filter[status]': 'Expired' }, ['7']],
    [{ id: '1', 'filter[module]': 'Enom' }, ['1']],
    [{ id: '1', 'filter[module]': 'opensrs' }, ['2']],
    [{ id: '1', 'filter[module]': 'ResellerClub' }, []],
    [{ id: '1', 'filter[client_name]': 'alice morgan' }, ['2', '1']],
    [{ id: '1', 'filter[client_name]': 'Bruno' }, []],
    [{ id: '1', 'filter[name]': 'morgan', 'filter[module]': 'Enom' }, ['1']],
    [{ id: '1', 'filter[name]': '', 'filter[status]': '' }, ['2', '1']],
    [{ id: '9' }, []],
  ];
  for (const [params, expected] of cases) t.strictSame(await ids(t, app, params), expected, JSON.stringify(params));
});

refusals('getClientDomains refuses a missing, malformed or unknown id and bad filters', 'getClientDomains', [
  ...idRefusals('Client', 'abc', '999'),
  [
    { id: '1', 'filter[status]': 'Gone' },
    'Parameter filter[status] must be a domain status: Pending, Pending Registration, ' +
      'Pending Transfer, Active, Expired, Cancelled, Fraud, Transferred Away',
  ],
  [{ id: '1', 'filter[registrar]': 'Enom' }, 'Parameter filter[registrar] must be absent: it is not a known key here'],
  [{ id: '1', page: 'x' }, 'Parameter page must be a page number counted from 0'],
]);
