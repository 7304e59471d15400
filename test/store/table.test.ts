// An overlay (a session's copy of a seed table) reads ids through the seed's
// index; its writes, removals and undos must never show in the seed.
import t from 'tap';
import { Table } from '../../src/store/table.js';

interface Row {
  id: string;
  name: string;
  group: string;
}
const rows = (): Row[] => ['1', '2', '3'].map((id) => ({ id, name: `row ${id}`, group: id === '3' ? 'b' : 'a' }));

t.test('reads through, writes stay in the overlay', async (t) => {
  const seed = new Table(rows());
  const own = seed.overlay();
  t.equal(own.get('2'), seed.get('2'), 'unwritten rows are the seed rows');
  own.replace({ id: '2', name: 'changed', group: 'b' });
  own.insert({ id: '4', name: 'new', group: 'a' });
  const removed = own.remove('1');
  t.equal(own.get('2')!.name, 'changed');
  t.equal(own.get('1'), undefined, 'a removed seed row is gone from the overlay');
  t.equal(own.get('4')!.name, 'new');
  t.strictSame(
    own.all().map((r) => r.id),
    ['2', '3', '4'],
  );
  t.strictSame(
    own.where('group', 'b').map((r) => r.id),
    ['2', '3'],
    'secondary indexes see the overlay',
  );
  t.equal(own.nextId(), '5');
  t.equal(seed.get('2')!.name, 'row 2', 'the seed keeps its row');
  t.ok(seed.get('1'));
  t.equal(seed.get('4'), undefined);
  t.strictSame(
    seed.all().map((r) => r.id),
    ['1', '2', '3'],
  );
  t.equal(seed.nextId(), '4');
  own.insertAt(removed!.row, removed!.at);
  t.equal(own.get('1'), seed.get('1'), 'putting a removed row back (an undo) makes it visible again');
  t.strictSame(
    own.all().map((r) => r.id),
    ['1', '2', '3', '4'],
  );
});

t.test('a removed row that is written again is visible', async (t) => {
  const own = new Table(rows()).overlay();
  own.remove('3');
  own.insert({ id: '3', name: 'again', group: 'a' });
  t.equal(own.get('3')!.name, 'again');
  t.throws(() => own.replace({ id: '9', name: 'x', group: 'a' }), /no row 9/);
  t.throws(() => own.overlay(), /only of a table/);
});

// List calls read a page newest first from the end of an ordered table's
// lists instead of sorting them, so the order must hold through every write.
const ids = (list: readonly Row[]) => list.map((r) => Number(r.id));
const ascending = (list: readonly Row[]) => ids(list).every((id, i, all) => i === 0 || all[i - 1] < id);

t.test('an ordered table keeps every list in ascending id order through writes and undos', async (t) => {
  const own = new Table(rows()).overlay();
  t.equal(own.ordered, true);
  own.where('group', 'a'); // build the index before the writes
  own.insert({ id: '4', name: 'new', group: 'b' });
  own.replace({ id: '1', name: 'moved', group: 'b' }); // an old row joins a list that holds newer ones
  t.strictSame(ids(own.where('group', 'b')), [1, 3, 4], 'the moved row takes its place by id, not the end');
  const removed = own.remove('3')!;
  own.insertAt(removed.row, removed.at);
  t.strictSame(ids(own.where('group', 'b')), [1, 3, 4], 'an undone removal goes back in its place');
  t.strictSame(ids(own.all()), [1, 2, 3, 4]);
  t.equal(own.ordered, true);
});

t.test('rows out of id order turn ordering off, and lists are then sorted by the caller', async (t) => {
  const shuffled = new Table([
    { id: '2', name: 'b', group: 'a' },
    { id: '1', name: 'a', group: 'a' },
  ]);
  t.equal(shuffled.ordered, false, 'fixtures in another order');
  t.equal(shuffled.overlay().ordered, false, 'an overlay inherits it');
  const own = new Table(rows());
  own.insert({ id: '10', name: 'x', group: 'a' });
  t.equal(own.ordered, true);
  own.insert({ id: '7', name: 'y', group: 'a' }); // below the highest id: only a hand-made id does this
  t.equal(own.ordered, false);
  const third = new Table(rows());
  third.insertAt({ id: '9', name: 'z', group: 'a' }, 0);
  t.equal(third.ordered, false, 'a row put back out of place');
});

t.test('random writes: ordered stays true only while every list really is ascending', async (t) => {
  // A deterministic walk over inserts, key changes, removals and undos.
  let seed = 7;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  const own = new Table(rows()).overlay();
  const groups = ['a', 'b', 'c'];
  for (const g of groups) own.where('group', g);
  const undo: Array<() => void> = [];
  for (let step = 0; step < 2000; step++) {
    const all = own.all();
    const pick = all[next(all.length)];
    const action = next(4);
    if (action === 0 || !pick) own.insert({ id: own.nextId(), name: 'n', group: groups[next(3)] });
    else if (action === 1) own.replace({ ...pick, group: groups[next(3)] });
    else if (action === 2 && all.length > 1) {
      const removed = own.remove(pick.id)!;
      undo.push(() => own.insertAt(removed.row, removed.at));
    } else undo.pop()?.();
  }
  t.equal(own.ordered, true);
  t.ok(ascending(own.all()), 'all rows');
  t.ok(
    own.all().every((row) => own.get(row.id) === row),
    'every row is the one its id finds (replace and remove hit their own rows)',
  );
  t.equal(new Set(ids(own.all())).size, own.size, 'no row twice');
  for (const g of groups) t.ok(ascending(own.where('group', g)), `index list ${g}`);
});

t.test('long index lists that take changes lazily read the same as a filter of every row', async (t) => {
  // Lists of thousands of rows set removals and older rows aside until read; reads come after one change or after hundreds.
  let seed = 11;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  const start = Array.from({ length: 3000 }, (_, i) => ({ id: String(i + 1), name: 'n', group: i % 3 === 0 ? 'b' : 'a' }));
  const own = new Table(start).overlay();
  const groups = ['a', 'b', 'c'];
  for (const g of groups) own.where('group', g);
  const undo: Array<() => void> = [];
  let mismatches = 0;
  for (let step = 0; step < 6000; step++) {
    const all = own.all();
    const pick = all[next(all.length)];
    const action = next(5);
    if (action === 0) own.insert({ id: own.nextId(), name: 'n', group: groups[next(3)] });
    else if (action === 1) own.replace({ ...pick, group: groups[next(3)] });
    else if (action === 2) own.replace({ ...pick, name: `n${step}` });
    else if (action === 3 && all.length > 1) {
      const removed = own.remove(pick.id)!;
      undo.push(() => own.insertAt(removed.row, removed.at));
    } else undo.pop()?.();
    if (next(step % 500 < 10 ? 1 : 200) === 0) {
      for (const g of groups) {
        const expected = own.all().filter((row) => row.group === g);
        if (ids(own.where('group', g)).join() !== ids(expected).join()) mismatches++;
      }
    }
  }
  t.equal(mismatches, 0, 'every read matched');
  t.equal(own.ordered, true);
  for (const g of groups) t.strictSame(ids(own.where('group', g)), ids(own.all().filter((row) => row.group === g)), `list ${g} at the end`);
  t.ok(
    groups.every((g) => own.where('group', g).every((row) => own.get(row.id) === row)),
    'every listed row is the current version',
  );
});

// A row may be filed under several keys (a service under each of its IP
// addresses): it is found by any of them, once, and every write keeps that so.
interface Tagged {
  id: string;
  tags: string[];
}
const tagsOf = (row: Tagged) => row.tags;
const tagged = (own: Table<Tagged>, tag: string) => own.whereAnyKey('tags', tagsOf, tag).map((row) => row.id);

t.test('an index of several keys a row finds it by each, through writes and undos', async (t) => {
  const own = new Table<Tagged>([
    { id: '1', tags: ['a', 'b'] },
    { id: '2', tags: ['b', 'b'] },
    { id: '3', tags: [] },
  ]).overlay();
  t.strictSame([tagged(own, 'a'), tagged(own, 'b'), tagged(own, 'c')], [['1'], ['1', '2'], []], 'a key given twice files the row once');
  own.insert({ id: '4', tags: ['c', 'a'] });
  own.replace({ id: '1', tags: ['b', 'c'] }); // keeps b, drops a, gains c
  t.strictSame([tagged(own, 'a'), tagged(own, 'b'), tagged(own, 'c')], [['4'], ['1', '2'], ['1', '4']]);
  t.equal(own.whereAnyKey('tags', tagsOf, 'b')[0], own.get('1'), 'a kept key lists the new row in the old place');
  const removed = own.remove('4')!;
  t.strictSame([tagged(own, 'a'), tagged(own, 'c')], [[], ['1']]);
  own.insertAt(removed.row, removed.at);
  t.strictSame([tagged(own, 'a'), tagged(own, 'c')], [['4'], ['1', '4']], 'an undone removal files it again under each key');
});

interface Dated {
  id: string;
  due: string;
  n: number;
}

t.test('max follows inserts, replaces and removals, and an undo puts back the maximum it took', async (t) => {
  const table = new Table<Dated>([
    { id: '1', due: '', n: 4 },
    { id: '2', due: '', n: 9 },
  ]);
  const n = (row: Dated) => row.n;
  t.equal(table.max('n', n), 9);
  const marks = table.marks();
  table.insert({ id: '3', due: '', n: 12 });
  t.equal(table.max('n', n), 12, 'a higher row raises it');
  table.remove('3');
  t.equal(table.max('n', n), 9, 'the row holding it leaves: found again');
  table.restoreMarks(marks);
  table.replace({ id: '2', due: '', n: 1 });
  t.equal(table.max('n', n), 4, 'the holder lowered');
  table.replace({ id: '1', due: '', n: 30 });
  t.equal(table.max('n', n), 30, 'another raised');
  const copy = table.overlay();
  t.equal(copy.max('n', n), 30, 'an overlay starts from the seed maximum');
  copy.insert({ id: '4', due: '', n: 31 });
  t.equal(copy.max('n', n), 31);
  t.equal(table.max('n', n), 30, 'the seed keeps its own');
  t.equal(new Table<Dated>([]).max('n', n), 0, 'none: 0');
});

t.test('dueBy answers the rows due on or before a day, in id order, through writes', async (t) => {
  const table = new Table<Dated>([
    { id: '1', due: '2026-12-01', n: 0 },
    { id: '2', due: '2026-11-01', n: 0 },
    { id: '3', due: '', n: 0 },
    { id: '4', due: '2026-12-01', n: 0 },
  ]);
  const due = (row: Dated) => row.due || undefined;
  const ids = (day: string) => table.dueBy('due', due, day).map((r) => r.id);
  t.strictSame(ids('2026-10-31'), [], 'the day before the first');
  t.strictSame(ids('2026-11-01'), ['2'], 'the day of it');
  t.strictSame(ids('2026-12-01'), ['1', '2', '4'], 'in id order across days');
  table.replace({ id: '2', due: '2027-01-01', n: 0 });
  table.replace({ id: '3', due: '2026-11-15', n: 0 });
  table.insert({ id: '5', due: '2026-10-01', n: 0 });
  table.remove('4');
  t.strictSame(ids('2026-12-01'), ['1', '3', '5']);
  table.replace({ id: '1', due: '', n: 0 });
  t.strictSame(ids('2027-12-31'), ['2', '3', '5'], 'a row without a date is not filed');
  table.insertAt({ id: '4', due: '2026-12-01', n: 0 }, 2);
  t.strictSame(ids('2026-12-01'), ['3', '4', '5'], 'a row put back is filed again');
});

t.test('a table over the seed indexes only the rows that are not the seed own', async (t) => {
  const seed = new Table(rows());
  const [one, , three] = seed.all();
  const changed = { id: '2', name: 'changed', group: 'b' };
  const own = seed.over([one, changed, three, { id: '7', name: 'new', group: 'a' }]);
  t.strictSame(
    own.all().map((r) => r.name),
    ['row 1', 'changed', 'row 3', 'new'],
    'the rows in their saved order',
  );
  t.equal(own.get('1'), one, 'a shared row is the seed object, read through its index');
  t.equal(own.get('2'), changed);
  t.equal(own.nextId(), '8');
  t.strictSame(
    own.where('group', 'b').map((r) => r.id),
    ['2', '3'],
  );
  own.replace({ ...three, name: 'edited' });
  t.equal(seed.get('3')!.name, 'row 3', 'writes stay off the seed');

  const fewer = seed.over([three]);
  t.equal(fewer.get('1'), undefined, 'a seed row the state lacks is removed');
  t.equal(fewer.get('2'), undefined);
  t.equal(fewer.get('3'), three);
  t.equal(fewer.size, 1);
});

t.test("an overlay's dueBy reads through the seed's index: the same rows as a table of its own, and the seed's stay", async (t) => {
  const seedRows = (): Dated[] =>
    Array.from({ length: 40 }, (_, i) => ({
      id: String(i + 1),
      due: i % 7 === 0 ? '' : `2026-${String((i % 12) + 1).padStart(2, '0')}-01`,
      n: i,
    }));
  const due = (row: Dated) => row.due || undefined;
  const days = ['2025-12-31', '2026-01-01', '2026-03-01', '2026-06-15', '2026-12-01', '2027-12-31'];
  const answers = (table: Table<Dated>) => days.map((day) => table.dueBy('due', due, day).map((r) => r.id));
  const between = (table: Table<Dated>) => table.dueBy('due', due, '2026-06-15', '2026-03-01').map((r) => r.id);
  const fresh = (table: Table<Dated>) => new Table<Dated>([...table.all()]);

  for (const asked of ['before the writes', 'after the writes']) {
    const seed = new Table<Dated>(seedRows());
    const seedBefore = answers(seed);
    const own = seed.overlay();
    if (asked === 'before the writes') answers(own);
    own.replace({ id: '2', due: '2026-01-01', n: 0 }); // the same day as before
    own.replace({ id: '3', due: '2027-06-01', n: 0 }); // moved later
    own.replace({ id: '8', due: '2026-02-01', n: 0 }); // had none, now filed
    own.replace({ id: '5', due: '', n: 0 }); // filed, now none
    own.insert({ id: '41', due: '2026-01-01', n: 0 });
    const gone = own.remove('10')!;
    own.remove('41');
    own.insertAt(gone.row, gone.at); // an undo puts a seed row back
    own.replace({ id: '3', due: '2026-03-01', n: 0 }); // written twice
    t.strictSame(answers(own), answers(fresh(own)), `upTo, index first asked for ${asked}`);
    t.strictSame(between(own), between(fresh(own)), `between, index first asked for ${asked}`);
    t.strictSame(answers(seed), seedBefore, `the seed's answers are unchanged (${asked})`);
  }

  const seed = new Table<Dated>(seedRows());
  const restored = seed.over([
    ...seed
      .all()
      .slice(0, 30)
      .filter((r) => r.id !== '4'),
    { id: '4', due: '2026-05-01', n: 0 },
  ]);
  t.strictSame(answers(restored), answers(fresh(restored)), 'a table over the seed (a restored state) too');
});

t.test("an overlay's dueBy matches a table of its own through 500 random writes", async (t) => {
  let state = 7;
  const random = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  const dayOf = (i: number) =>
    i % 5 === 0 ? '' : `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
  const seed = new Table<Dated>(Array.from({ length: 200 }, (_, i) => ({ id: String(i + 1), due: dayOf(i), n: i })));
  const due = (row: Dated) => row.due || undefined;
  seed.dueBy('due', due, '2026-01-01');
  const own = seed.overlay();
  const differ: string[] = [];
  for (let step = 0; step < 500; step++) {
    const ids = own.all().map((r) => r.id);
    const pick = ids[random(ids.length)];
    const kind = random(3);
    if (kind === 0 && pick) own.replace({ id: pick, due: dayOf(random(400)), n: step });
    else if (kind === 1) own.insert({ id: own.nextId(), due: dayOf(random(400)), n: step });
    else if (pick) own.remove(pick);
    const day = dayOf(random(400) + 1) || '2026-06-30';
    const got = own.dueBy('due', due, day).map((r) => r.id);
    const want = new Table<Dated>([...own.all()]).dueBy('due', due, day).map((r) => r.id);
    if (JSON.stringify(got) !== JSON.stringify(want)) differ.push(`step ${step} (${kind}) on ${day}`);
  }
  t.strictSame(differ, []);
  t.equal(seed.all().length, 200, 'the seed kept its rows');
});
