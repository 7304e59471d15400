import t from 'tap';
import { Seed, World, WriteOutsideMutation } from '../../src/store/world.js';
import { buildApp } from '../../src/app.js';
import { defineOperation } from '../../src/operations/operation.js';
import { Sessions } from '../../src/session/sessions.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import type { Collections, NewsItem } from '../../src/generated/wire.js';
import { readContext } from '../helpers/app.js';

const data = loadFixtures(defaultFixturesDir);
const news = (id: string, title: string): NewsItem => ({ id, title, content: 'c', enable: '1', date: '2026-11-20' });

function snapshot(world: World): Collections {
  return JSON.parse(JSON.stringify(world.snapshot())) as Collections;
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
    world.all('news').map((n) => n.id),
    before.news.map((n) => n.id),
    'order restored',
  );
});

t.test('a successful transaction keeps its writes and indexes follow', async (t) => {
  const world = new World(new Seed(data));
  const id = world.nextId('transactions');
  world.transaction(() => world.insert('transactions', { ...world.get('transactions', '1')!, id, invoice_id: '2' }));
  t.ok(
    world.where('transactions', 'invoice_id', '2').some((row) => row.id === id),
    'secondary index sees the insert',
  );
  world.transaction(() => world.replace('transactions', { ...world.get('transactions', id)!, invoice_id: '3' }));
  t.notOk(
    world.where('transactions', 'invoice_id', '2').some((row) => row.id === id),
    'moved out of the old key',
  );
  t.ok(
    world.where('transactions', 'invoice_id', '3').some((row) => row.id === id),
    'and into the new one',
  );
});

t.test('sessions share the seed until they write, and never see each other', async (t) => {
  const sessions = new Sessions(new Seed(data));
  const a = sessions.get('a');
  const b = sessions.get('b');
  t.equal(a.world.all('news'), b.world.all('news'), 'untouched collections are the same shared table');
  a.world.transaction(() => a.world.replace('news', { ...a.world.get('news', '1')!, title: 'only in a' }));
  t.equal(a.world.get('news', '1')!.title, 'only in a');
  t.not(b.world.get('news', '1')!.title, 'only in a', 'b still sees the seed');
  t.not(a.world.all('news'), b.world.all('news'), 'a copied news on first write');
  t.equal(a.world.all('clients'), b.world.all('clients'), 'other collections still shared');
  a.world.reset();
  t.equal(a.world.get('news', '1')!.title, b.world.get('news', '1')!.title, 'reset returns to the seed');
});

t.test('a write outside a mutation or a transaction throws and changes nothing', async (t) => {
  const world = new World(new Seed(data));
  const news = world.get('news', '1')!;
  const message = 'Write to news outside a mutation: declare the call mutating, or write inside World.transaction';
  t.throws(() => world.replace('news', { ...news, title: 'sneaked in' }), new WriteOutsideMutation('news'));
  t.throws(() => world.insert('news', { ...news, id: '999' }), { message });
  t.throws(() => world.remove('news', '1'), { message });
  t.equal(world.get('news', '1'), news, 'the record is untouched');
  t.equal(world.get('news', '999'), undefined, 'nothing was inserted');
  await world.mutate(() => world.replace('news', { ...news, title: 'through a mutation' }));
  t.equal(world.get('news', '1')!.title, 'through a mutation', 'the same write inside a mutation applies');
});

t.test('an operation declared read-only that writes throws and changes nothing', async (t) => {
  const app = await buildApp({ now: new Date('2026-11-20T12:00:00Z') });
  t.teardown(() => app.close());
  const world = app.billsim.sessions.get('default').world;
  const sneaky = defineOperation<{ id: string }, object>({
    mutates: false,
    run: (_params, ctx) => {
      (ctx.world as World).replace('news', { ...ctx.world.get('news', '1')!, title: 'sneaked in' });
      return {};
    },
  });
  t.throws(() => sneaky.run({ id: '1' }, readContext(world)), new WriteOutsideMutation('news'));
  t.not(world.get('news', '1')!.title, 'sneaked in');
});

t.test('a mutation at once: only with nothing queued and no data file; applied whole, or undone when it throws', async (t) => {
  const world = new World(new Seed(data));
  t.ok(world.canMutateNow, 'an idle world in memory');
  world.mutateNow(() => world.insert('news', news('90', 'first')));
  t.equal(world.get('news', '90')?.title, 'first', 'applied before mutateNow returns');
  const before = snapshot(world);
  t.throws(() =>
    world.mutateNow(() => {
      world.insert('news', news('91', 'half'));
      throw new Error('stop');
    }),
  );
  t.strictSame(snapshot(world), before, 'a mutation that threw changed nothing');
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const queued = world.queued(() => gate);
  t.notOk(world.canMutateNow, 'not while a change is queued');
  t.throws(() => world.mutateNow(() => world.insert('news', news('92', 'early'))), /queued/);
  t.equal(world.get('news', '92'), undefined, 'refused before it ran');
  release();
  await queued;
  await new Promise((resolve) => setImmediate(resolve));
  t.ok(world.canMutateNow, 'again once the queue is empty');
  const saved = new World(new Seed(data), { saveAll: async () => undefined, saveChanges: async () => undefined });
  t.notOk(saved.canMutateNow, 'never with a data file: its write must be awaited');
});
