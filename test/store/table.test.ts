// An overlay (a session's copy of a seed table) reads ids through the seed's
// index; its writes, removals and undos must never show in the seed.
import t from 'tap';
import { Table } from '../../src/store/table.js';

interface Row { id: string; name: string; group: string }
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
  t.strictSame(own.all().map((r) => r.id), ['2', '3', '4']);
  t.strictSame(own.where('group', 'b').map((r) => r.id), ['2', '3'], 'secondary indexes see the overlay');
  t.equal(own.nextId(), '5');
  t.equal(seed.get('2')!.name, 'row 2', 'the seed keeps its row');
  t.ok(seed.get('1'));
  t.equal(seed.get('4'), undefined);
  t.strictSame(seed.all().map((r) => r.id), ['1', '2', '3']);
  t.equal(seed.nextId(), '4');
  own.insertAt(removed!.row, removed!.at);
  t.equal(own.get('1'), seed.get('1'), 'putting a removed row back (an undo) makes it visible again');
  t.strictSame(own.all().map((r) => r.id), ['1', '2', '3', '4']);
});

t.test('a removed row that is written again is visible', async (t) => {
  const own = new Table(rows()).overlay();
  own.remove('3');
  own.insert({ id: '3', name: 'again', group: 'a' });
  t.equal(own.get('3')!.name, 'again');
  t.throws(() => own.replace({ id: '9', name: 'x', group: 'a' }), /no row 9/);
  t.throws(() => own.overlay(), /only of a table/);
});
