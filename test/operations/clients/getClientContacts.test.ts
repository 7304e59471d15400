import t from 'tap';
import { api, assertError, assertSuccess, build, noScanOf, readContext } from '../../helpers/app.js';
import { clientDetails, read, readEverywhere } from '../../helpers/reads.js';
import { SABINE_ITEM, TOM_ITEM } from '../../helpers/records.js';
import { GRACE_GUEST_ROW, SABINE_GUEST_ROW } from '../../helpers/guests.js';
import getClientContacts from '../../../src/operations/clients/getClientContacts.js';
import { Seed, World } from '../../../src/store/world.js';
import { loadFixtures } from '../../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../../src/paths.js';

t.test("getClientContacts lists a client's contacts", async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getClientContacts', { id: '1' });
  t.strictSame(result, {
    contacts: [TOM_ITEM],
    sorter: { perpage: 25, totalpages: 1, sorterrecords: 1, sorterpage: 1 },
  });
  const other = await read(t, app, 'getClientContacts', { id: '2' });
  t.strictSame(other.contacts, [SABINE_ITEM], 'the published keys, then privileges');
});

t.test('getClientContacts lists guests after contacts as type "user" rows, every status shown', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getClientContacts', { id: '4' });
  t.strictSame(result, {
    contacts: [SABINE_GUEST_ROW, GRACE_GUEST_ROW],
    sorter: { perpage: 25, totalpages: 1, sorterrecords: 2, sorterpage: 1 },
  });
  assertSuccess(t, await api(app, 'addClientGuest', { id: '1', user_id: '11', status: 'Closed' }), 'addClientGuest');
  const alice = await read(t, app, 'getClientContacts', { id: '1' });
  t.strictSame(alice.contacts, [
    TOM_ITEM,
    { ...SABINE_GUEST_ROW, datecreated: '2026-11-20', privileges: [], access_id: '3', status: 'Closed' },
  ]);
  t.strictSame(Object.keys(TOM_ITEM), ['id', 'firstname', 'lastname', 'datecreated', 'email', 'privileges'], 'a contact has no type');
  const paged = await read(t, app, 'getClientContacts', { id: '1', page: '1', perpage: '1' });
  t.match(paged, { contacts: [{ type: 'user', access_id: '3' }], sorter: { totalpages: 2, sorterrecords: 2, sorterpage: 2 } });
  t.strictSame((await clientDetails(t, app, '1')).contacts, [TOM_ITEM], 'getClientDetails embeds the contacts only');
});

t.test('getClientContacts answers an empty list for a client without contacts', async (t) => {
  const app = await build(t);
  const result = await read(t, app, 'getClientContacts', { id: '3' });
  t.strictSame(result, { contacts: [], sorter: { perpage: 25, totalpages: 0, sorterrecords: 0, sorterpage: 1 } });
});

t.test('getClientContacts pages from 0, oldest contact first', async (t) => {
  const app = await build(t);
  for (const name of ['Ann', 'Ben']) {
    const added = await api(app, 'addClientContact', {
      id: '1',
      firstname: name,
      lastname: 'Morgan',
      email: `${name.toLowerCase()}@morgan-design.com`,
      password: 'pw-12345',
      password2: 'pw-12345',
    });
    assertSuccess(t, added, 'addClientContact');
  }
  const page = async (n: string) => await read(t, app, 'getClientContacts', { id: '1', page: n, perpage: '2' });
  const first = await page('0');
  const second = await page('1');
  t.strictSame(
    (first.contacts as { id: string }[]).map((c) => c.id),
    ['10', '12'],
  );
  t.strictSame(first.sorter, { perpage: 2, totalpages: 2, sorterrecords: 3, sorterpage: 1 });
  t.strictSame(second.contacts, [
    { id: '13', firstname: 'Ben', lastname: 'Morgan', datecreated: '2026-11-20', email: 'ben@morgan-design.com', privileges: [] },
  ]);
  t.strictSame(second.sorter, { perpage: 2, totalpages: 2, sorterrecords: 3, sorterpage: 2 });
});

t.test('getClientContacts errors', async (t) => {
  const app = await build(t);
  const call = 'getClientContacts';
  assertError(t, await api(app, call, {}), call, ['Parameter id is required']);
  assertError(t, await api(app, call, { id: 'abc' }), call, ['Parameter id must be a positive whole number id, such as 1']);
  assertError(t, await api(app, call, { id: '1', page: 'x' }), call, ['Parameter page must be a page number counted from 0']);
  assertError(t, await api(app, call, { id: '99' }), call, ['Client 99 not found']);
});

t.test('getClientContacts finds contacts through the parent_id index, never a scan', async (t) => {
  const world = new World(new Seed(loadFixtures(defaultFixturesDir)));
  noScanOf(world, 'clients');
  const result = getClientContacts.run({ id: '2' }, readContext(world));
  t.strictSame(
    result.contacts.map((c) => c.id),
    ['11'],
  );
});
