import t from 'tap';
import { api, assertError, assertSuccess, build, noScanOf, readContext, SERVER_TIME } from '../../helpers/app.js';
import { readEverywhere } from '../../helpers/reads.js';
import { accessOf, DANIEL_FOR_GRACE, DANIEL_FOR_SABINE, jsonTypes } from '../../helpers/guests.js';
import getClientAccess from '../../../src/operations/clients/getClientAccess.js';
import { Seed, World } from '../../../src/store/world.js';
import { loadFixtures } from '../../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../../src/paths.js';

const CALL = 'getClientAccess';
// The vendor's published sample (api2 clients/getClientAccess.html): an empty list.
const SAMPLE = {
  success: true,
  contacts: [],
  call: 'getClientAccess',
  sorter: { perpage: 10, totalpages: 0, sorterrecords: '0', sorterpage: 1 },
  server_time: 1670251996,
};

t.test('getClientAccess of a person without grants answers the published sample, key for key', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { id: '3' });
  assertSuccess(t, body, CALL);
  t.strictSame(body, { ...SAMPLE, server_time: SERVER_TIME });
  t.strictSame(jsonTypes(body), jsonTypes(SAMPLE), 'sorter between call and server_time');
  t.strictSame(jsonTypes(body.sorter as Record<string, unknown>), jsonTypes(SAMPLE.sorter), 'sorterrecords a string, the rest numbers');
});

t.test('getClientAccess lists the profiles a person holds grants to, a contact as well as a main client', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, CALL, { id: '11' });
  t.strictSame(result, { contacts: [DANIEL_FOR_SABINE], sorter: { perpage: 10, totalpages: 1, sorterrecords: '1', sorterpage: 1 } });
  t.strictSame(await accessOf(t, app, '7'), [DANIEL_FOR_GRACE], 'a Pending invitation is listed with its status');
  t.strictSame(await accessOf(t, app, '4'), [], 'the host holds no grant to another profile');
});

t.test('getClientAccess lists every status, oldest grant first, and pages from 0', async (t) => {
  const app = await build(t);
  const grants: Array<[string, string]> = [
    ['1', 'Active'],
    ['3', 'Closed'],
    ['5', 'Rejected'],
  ];
  for (const [host, status] of grants)
    assertSuccess(t, await api(app, 'addClientGuest', { id: host, user_id: '11', status }), 'addClientGuest');
  const all = (await accessOf(t, app, '11')) as Array<{ id: string; access_id: string; status: string }>;
  t.strictSame(
    all.map((row) => [row.id, row.access_id, row.status]),
    [
      ['4', '1', 'Active'],
      ['1', '3', 'Active'],
      ['3', '4', 'Closed'],
      ['5', '5', 'Rejected'],
    ],
  );
  const page = async (n: string) => assertSuccess(t, await api(app, CALL, { id: '11', page: n, perpage: '3' }), CALL);
  const first = await page('0');
  const second = await page('1');
  t.strictSame(first.contacts, all.slice(0, 3));
  t.strictSame(first.sorter, { perpage: 3, totalpages: 2, sorterrecords: '4', sorterpage: 1 });
  t.strictSame(second.contacts, all.slice(3));
  t.strictSame(second.sorter, { perpage: 3, totalpages: 2, sorterrecords: '4', sorterpage: 2 });
  t.strictSame((await page('2')).contacts, [], 'past the last page');
});

t.test('getClientAccess errors', async (t) => {
  const app = await build(t);
  assertError(t, await api(app, CALL, {}), CALL, ['Parameter id is required']);
  assertError(t, await api(app, CALL, { id: 'abc' }), CALL, ['Parameter id must be a positive whole number id, such as 1']);
  assertError(t, await api(app, CALL, { id: '11', page: 'x' }), CALL, ['Parameter page must be a page number counted from 0']);
  assertError(t, await api(app, CALL, { id: '11', perpage: '0' }), CALL, ['Parameter perpage must be a page size from 1 to 1000']);
  assertError(t, await api(app, CALL, { id: '99' }), CALL, ['Client 99 not found']);
});

t.test('getClientAccess finds grants through an index, never a scan', async (t) => {
  const world = new World(new Seed(loadFixtures(defaultFixturesDir)));
  noScanOf(world, 'client_guests');
  noScanOf(world, 'clients');
  const result = getClientAccess.run({ id: '11' }, readContext(world));
  t.strictSame(
    result.contacts.map((row) => row.access_id),
    ['1'],
  );
});
