import t from 'tap';
import { Seed, World } from '../../src/store/world.js';
import { Sessions } from '../../src/store/sessions.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import type { Collections, NewsItem } from '../../src/generated/wire.js';

const data = loadFixtures(defaultFixturesDir);
const news = (id: string, title: string): NewsItem => ({ id, title, content: 'c', enable: '1', date: '2026-11-20' });

function snapshot(world: World): Collections {
  return JSON.parse(JSON.stringify(world.db.data)) as Collections;
}

t.test('a failed transaction undoes every insert, replace and remove', async (t) => {
  const world = new World(new Seed(data));
  const before = snapshot(world);
  const nextId = world.nextId('news');
  t.throws(
    () =>
      world.transaction(() => {
        world.insert('news', news(nextId, 'new'));
        world.replace('news', { ...world.get('news', '1')!, title: 'changed' });
        world.remove('news', '2');
        throw new Error('boom');
      }),
    /boom/,
  );
  t.strictSame(snapshot(world), before, 'store deep-equal to before');
  t.equal(world.get('news', nextId), undefined, 'inserted row gone from the index');
  t.equal(world.get('news', '1')!.title, before.news.find((n) => n.id === '1')!.title);
  t.ok(world.get('news', '2'), 'removed row back in the index');
  t.equal(world.nextId('news'), nextId, 'ids are not consumed by a failed call');
  t.strictSame(
    world
      .table('news')
      .all()
      .map((n) => n.id),
    before.news.map((n) => n.id),
    'order restored',
  );
});

t.test('a successful transaction keeps its writes and indexes follow', async (t) => {
  const world = new World(new Seed(data));
  const id = world.nextId('transactions');
  world.transaction(() => world.insert('transactions', { ...world.get('transactions', '1')!, id, invoice_id: '2' }));
  t.ok(
    world
      .table('transactions')
      .where('invoice_id', '2')
      .some((row) => row.id === id),
    'secondary index sees the insert',
  );
  world.transaction(() => world.replace('transactions', { ...world.get('transactions', id)!, invoice_id: '3' }));
  t.notOk(
    world
      .table('transactions')
      .where('invoice_id', '2')
      .some((row) => row.id === id),
    'moved out of the old key',
  );
  t.ok(
    world
      .table('transactions')
      .where('invoice_id', '3')
      .some((row) => row.id === id),
    'and into the new one',
  );
});

t.test('sessions share the seed until they write, and never see each other', async (t) => {
  const sessions = new Sessions(new Seed(data));
  const a = sessions.get('a');
  const b = sessions.get('b');
  t.equal(a.world.table('news'), b.world.table('news'), 'untouched collections are the same shared table');
  a.world.transaction(() => a.world.replace('news', { ...a.world.get('news', '1')!, title: 'only in a' }));
  t.equal(a.world.get('news', '1')!.title, 'only in a');
  t.not(b.world.get('news', '1')!.title, 'only in a', 'b still sees the seed');
  t.not(a.world.table('news'), b.world.table('news'), 'a copied news on first write');
  t.equal(a.world.table('clients'), b.world.table('clients'), 'other collections still shared');
  a.world.reset();
  t.equal(a.world.get('news', '1')!.title, b.world.get('news', '1')!.title, 'reset returns to the seed');
});
