import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess, build, type WireParams } from '../../helpers/app.js';
import { keyOrder } from '../../helpers/shapes.js';
import { refusals } from '../../helpers/refusals.js';
import { DOMAIN_ROWS } from '../../helpers/records.js';
import { idLister, read, readEverywhere } from '../../helpers/reads.js';

const CALL = 'getDomains';

const ids = idLister(CALL, 'domains');

/** Sets stored domains' statuses directly, for statuses no call reaches yet. */
async function setStatuses(app: FastifyInstance, statuses: Record<string, string>): Promise<void> {
  const world = app.billsim.sessions.get('default').world;
  await world.mutate(() => {
    for (const [id, status] of Object.entries(statuses)) {
      world.replace('domains', { ...world.get('domains', id)!, status: status as 'Active' });
    }
  });
}

t.test("getDomains lists every client's domains newest first, items as getClientDomains shows them", async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, CALL, {});
  t.strictSame(result, {
    domains: [
      {
        id: '10',
        manual: '0',
        name: 'laurent-conseil.org',
        lastname: 'Laurent',
        firstname: 'Emma',
        cid: '5',
        period: '1',
        recurring_amount: '14.51',
        currency_id: '1',
        module: 'OpenSRS',
        next_due: '2027-11-19',
        expires: '0000-00-00',
        status: 'Pending Transfer',
        type: 'Transfer',
        date_created: '2026-11-19',
        autorenew: '1',
        reglock: '0',
        idprotection: '0',
      },
      {
        id: '9',
        manual: '0',
        name: 'haddad-imports.org',
        lastname: 'Haddad',
        firstname: 'Farid',
        cid: '6',
        period: '1',
        recurring_amount: '15.75',
        currency_id: '0',
        module: 'OpenSRS',
        next_due: '2027-11-17',
        expires: '0000-00-00',
        status: 'Pending Transfer',
        type: 'Transfer',
        date_created: '2026-11-17',
        autorenew: '1',
        reglock: '0',
        idprotection: '0',
      },
      {
        id: '8',
        manual: '0',
        name: 'graceliu.io',
        lastname: 'Liu',
        firstname: 'Grace',
        cid: '7',
        period: '1',
        recurring_amount: '54.00',
        currency_id: '0',
        module: 'OpenSRS',
        next_due: '2027-11-18',
        expires: '0000-00-00',
        status: 'Pending Registration',
        type: 'Register',
        date_created: '2026-11-18',
        autorenew: '1',
        reglock: '1',
        idprotection: '0',
      },
      {
        id: '7',
        manual: '0',
        name: 'nilsson-outdoor.com',
        lastname: 'Nilsson',
        firstname: 'Henrik',
        cid: '8',
        period: '1',
        recurring_amount: '14.95',
        currency_id: '0',
        module: 'Enom',
        next_due: '2026-10-02',
        expires: '2026-10-02',
        status: 'Expired',
        type: 'Register',
        date_created: '2025-10-02',
        autorenew: '0',
        reglock: '1',
        idprotection: '0',
      },
      {
        id: '6',
        manual: '0',
        name: 'haddadtrading.com',
        lastname: 'Haddad',
        firstname: 'Farid',
        cid: '6',
        period: '3',
        recurring_amount: '44.85',
        currency_id: '0',
        module: 'Enom',
        next_due: '2028-11-05',
        expires: '2028-11-05',
        status: 'Active',
        type: 'Register',
        date_created: '2025-11-05',
        autorenew: '1',
        reglock: '1',
        idprotection: '1',
      },
      {
        id: '5',
        manual: '0',
        name: 'kowalski-foto.net',
        lastname: 'Kowalski',
        firstname: 'Daniel',
        cid: '4',
        period: '1',
        recurring_amount: '16.50',
        currency_id: '0',
        module: 'Enom',
        next_due: '2027-09-03',
        expires: '0000-00-00',
        status: 'Pending Transfer',
        type: 'Transfer',
        date_created: '2026-09-03',
        autorenew: '1',
        reglock: '0',
        idprotection: '0',
      },
      {
        id: '4',
        manual: '0',
        name: 'evans-bakery.org',
        lastname: 'Evans',
        firstname: 'Charlotte',
        cid: '3',
        period: '1',
        recurring_amount: '12.43',
        currency_id: '2',
        module: 'OpenSRS',
        next_due: '2026-12-28',
        expires: '2026-12-28',
        status: 'Active',
        type: 'Register',
        date_created: '2025-05-08',
        autorenew: '0',
        reglock: '1',
        idprotection: '0',
      },
      {
        id: '3',
        manual: '0',
        name: 'keller-maschinenbau.eu',
        lastname: 'Keller',
        firstname: 'Bruno',
        cid: '2',
        period: '1',
        recurring_amount: '8.75',
        currency_id: '1',
        module: 'ResellerClub',
        next_due: '2027-02-10',
        expires: '2027-02-10',
        status: 'Active',
        type: 'Transfer',
        date_created: '2026-02-10',
        autorenew: '1',
        reglock: '0',
        idprotection: '0',
      },
      DOMAIN_ROWS[2],
      DOMAIN_ROWS[1],
    ],
    sorter: { perpage: 25, totalpages: 1, sorterrecords: 10, sorterpage: 1 },
  });
  t.strictSame(Object.keys(result), ['domains', 'sorter'], 'sorter after domains');
  keyOrder(
    t,
    (result.domains as object[])[0],
    'id manual name lastname firstname cid period recurring_amount currency_id module next_due expires status type date_created autorenew reglock idprotection',
  );
  const client = await read(t, app, 'getClientDomains', { id: '1' });
  t.strictSame(client.domains, (result.domains as object[]).slice(-2), "a client's items are the same items getClientDomains answers");
});

t.test('getDomains picks statuses with list', async (t) => {
  const app = await build(t);
  const cases: Array<[string, string[]]> = [
    ['all', ['10', '9', '8', '7', '6', '5', '4', '3', '2', '1']],
    ['active', ['6', '4', '3', '2', '1']],
    ['expired', ['7']],
    ['pending', ['10', '9', '8', '5']],
    ['pending_transfer', ['10', '9', '5']],
    ['pending_registration', ['8']],
  ];
  for (const [list, expected] of cases) t.strictSame(await ids(t, app, { list }), expected, `list=${list}`);
});

t.test('list=pending covers Pending, Pending Registration and Pending Transfer; a Cancelled domain only shows under all', async (t) => {
  const app = await build(t);
  await setStatuses(app, { '3': 'Pending', '4': 'Cancelled', '6': 'Transferred Away' });
  t.strictSame(await ids(t, app, { list: 'pending' }), ['10', '9', '8', '5', '3']);
  t.strictSame(await ids(t, app, { list: 'active' }), ['2', '1']);
  t.strictSame(await ids(t, app, { list: 'pending_registration' }), ['8']);
  t.strictSame(await ids(t, app, {}), ['10', '9', '8', '7', '6', '5', '4', '3', '2', '1']);
  t.strictSame(await ids(t, app, { 'filter[status]': 'Cancelled' }), ['4']);
  t.strictSame(await ids(t, app, { 'filter[status]': 'Transferred Away' }), ['6']);
});

t.test('getDomains applies each filter, together with list', async (t) => {
  const app = await build(t);
  const cases: Array<[WireParams, string[]]> = [
    [{ 'filter[name]': '.COM' }, ['7', '6', '1']],
    [{ 'filter[name]': 'morgan' }, ['2', '1']],
    [{ 'filter[name]': 'nothing-like-this' }, []],
    [{ 'filter[status]': 'Active' }, ['6', '4', '3', '2', '1']],
    [{ 'filter[status]': 'Pending Transfer' }, ['10', '9', '5']],
    [{ 'filter[status]': 'Pending' }, []],
    [{ 'filter[module]': 'Enom' }, ['7', '6', '5', '1']],
    [{ 'filter[module]': 'opensrs' }, ['10', '9', '8', '4', '2']],
    [{ 'filter[module]': 'ResellerClub' }, ['3']],
    [{ 'filter[module]': 'Enom2' }, []],
    [{ 'filter[client_name]': 'alice morgan' }, ['2', '1']],
    [{ 'filter[client_name]': 'KELLER' }, ['3']],
    [{ 'filter[client_name]': 'morgan alice' }, []],
    [{ 'filter[brand_id]': '1' }, ['10', '9', '8', '7', '6', '5', '4', '3', '2', '1']],
    [{ 'filter[brand_id]': '0' }, ['10', '9', '8', '7', '6', '5', '4', '3', '2', '1']],
    [
      { 'filter[name]': '', 'filter[status]': '', 'filter[module]': '', 'filter[client_name]': '', 'filter[brand_id]': '' },
      ['10', '9', '8', '7', '6', '5', '4', '3', '2', '1'],
    ],
    [{ 'filter[name]': '.com', 'filter[module]': 'Enom', 'filter[status]': 'Active' }, ['6', '1']],
    [{ list: 'active', 'filter[module]': 'OpenSRS' }, ['4', '2']],
    [{ list: 'pending', 'filter[module]': 'Enom' }, ['5']],
    [{ list: 'expired', 'filter[status]': 'Active' }, []],
    [{ list: 'active', 'filter[status]': 'Active', 'filter[name]': '.io' }, ['2']],
  ];
  for (const [params, expected] of cases) t.strictSame(await ids(t, app, params), expected, JSON.stringify(params));
});

t.test('getDomains pages with page and perpage; sorterpage is the next page', async (t) => {
  const app = await build(t);
  const pages: Array<[WireParams, string[], object]> = [
    [{ perpage: '3' }, ['10', '9', '8'], { perpage: 3, totalpages: 4, sorterrecords: 10, sorterpage: 1 }],
    [{ perpage: '3', page: '1' }, ['7', '6', '5'], { perpage: 3, totalpages: 4, sorterrecords: 10, sorterpage: 2 }],
    [{ perpage: '3', page: '2' }, ['4', '3', '2'], { perpage: 3, totalpages: 4, sorterrecords: 10, sorterpage: 3 }],
    [{ perpage: '3', page: '3' }, ['1'], { perpage: 3, totalpages: 4, sorterrecords: 10, sorterpage: 4 }],
    [{ perpage: '3', page: '4' }, [], { perpage: 3, totalpages: 4, sorterrecords: 10, sorterpage: 5 }],
    [{ list: 'active', perpage: '2', page: '1' }, ['3', '2'], { perpage: 2, totalpages: 3, sorterrecords: 5, sorterpage: 2 }],
    [
      { 'filter[module]': 'enom', perpage: '1000' },
      ['7', '6', '5', '1'],
      { perpage: 1000, totalpages: 1, sorterrecords: 4, sorterpage: 1 },
    ],
    [{ list: 'pending', 'filter[name]': 'zzz' }, [], { perpage: 25, totalpages: 0, sorterrecords: 0, sorterpage: 1 }],
  ];
  for (const [params, expected, sorter] of pages) {
    const result = assertSuccess(t, await api(app, CALL, params), CALL);
    t.strictSame(
      (result.domains as { id: string }[]).map((d) => d.id),
      expected,
      JSON.stringify(params),
    );
    t.strictSame(result.sorter, sorter, `sorter of ${JSON.stringify(params)}`);
  }
});

t.test('a domain ordered with addOrder is listed first, Pending Registration', async (t) => {
  const app = await build(t);
  const order = await api(app, 'addOrder', {
    client_id: '1',
    domain_action: 'register',
    domain_sld: 'Fresh-Name',
    domain_tld: '.com',
    invoice_generate: '1',
  });
  t.equal(order.success, true, JSON.stringify(order.error ?? ''));
  const result = assertSuccess(t, await api(app, CALL, { perpage: '2' }), CALL);
  t.strictSame(result, {
    domains: [
      {
        id: '11',
        manual: '0',
        name: 'fresh-name.com',
        lastname: 'Morgan',
        firstname: 'Alice',
        cid: '1',
        period: '1',
        recurring_amount: '14.95',
        currency_id: '0',
        module: 'Enom',
        next_due: '2027-11-20',
        expires: '0000-00-00',
        status: 'Pending Registration',
        type: 'Register',
        date_created: '2026-11-20',
        autorenew: '1',
        reglock: '1',
        idprotection: '0',
      },
      (result.domains as object[])[1],
    ],
    sorter: { perpage: 2, totalpages: 6, sorterrecords: 11, sorterpage: 1 },
  });
  t.equal((result.domains as { id: string }[])[1].id, '10', 'the bundled newest comes next');
  t.strictSame(await ids(t, app, { list: 'pending_registration' }), ['11', '8']);
  t.strictSame(await ids(t, app, { list: 'pending', 'filter[client_name]': 'alice' }), ['11']);
});

refusals(
  'getDomains refuses malformed parameters and changes nothing',
  CALL,
  [
    [{ list: 'cancelled' }, 'Parameter list must be one of: all, active, expired, pending, pending_transfer, pending_registration'],
    [{ list: 'Active' }, 'Parameter list must be one of: all, active, expired, pending, pending_transfer, pending_registration'],
    [
      { 'filter[status]': 'active' },
      'Parameter filter[status] must be a domain status: Pending, Pending Registration, ' +
        'Pending Transfer, Active, Expired, Cancelled, Fraud, Transferred Away',
    ],
    [{ 'filter[brand_id]': '2' }, 'Parameter filter[brand_id] must be 0 or 1: billsim has one brand, and either id names it'],
    [{ 'filter[registrar]': 'Enom' }, 'Parameter filter[registrar] must be absent: it is not a known key here'],
    [{ page: '-1' }, 'Parameter page must be a page number counted from 0'],
    [{ perpage: '0' }, 'Parameter perpage must be a page size from 1 to 1000'],
    [{ perpage: '1001' }, 'Parameter perpage must be a page size from 1 to 1000'],
  ],
  'the refused calls changed nothing',
);
