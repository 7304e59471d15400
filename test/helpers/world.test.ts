// The tiny-world builder itself: rows completed to valid records, nothing else held,
// invoice totals by the domain's rule, and a default that breaks the schema refused.
import t from 'tap';
import { DEFAULTED, hostingLine, world } from './world.js';

t.test('holds only the rows named, each a whole record', async (t) => {
  const w = world({ clients: [{}], services: [{ id: '7', status: 'Suspended' }] });
  t.equal(w.count('clients'), 1);
  t.equal(w.count('invoices'), 0);
  t.equal(w.count('product_automation'), 0);
  t.match(w.get('clients', '1'), { id: '1', client_id: '1', credit: '0.00', currency_id: '0' });
  t.match(w.get('accounts', '7'), { id: '7', status: 'Suspended', billingcycle: 'Monthly', next_due: '0000-00-00' });
});

t.test('every default record is valid for its collection', async (t) => {
  // world() validates what it builds: one default row of each collection must pass.
  const w = world(Object.fromEntries(DEFAULTED.map((name) => [name, [{}]])));
  for (const name of DEFAULTED) t.equal(w.count(name), 1, name);
});

t.test('invoice lines are numbered across the world and totals follow them', async (t) => {
  const w = world({
    invoices: [{ items: [hostingLine('1', '10.00')] }, { credit: '2.00', items: [hostingLine('2', '4.50'), hostingLine('3', '0.50')] }],
  });
  t.strictSame(
    w.get('invoices', '2')!.items.map((line) => [line.id, line.invoice_id, line.amount, line.linetotal]),
    [
      ['2', '2', '4.50', 4.5],
      ['3', '2', '0.50', 0.5],
    ],
  );
  t.match(w.get('invoices', '2'), { subtotal: '5.00', credit: '2.00', total: '3.00' });
});

t.test('a row that breaks its schema is refused, naming the field', async (t) => {
  t.throws(() => world({ invoices: [{ duedate: '1 Dec' }] }), /invoices\.json: record 1 \(id 1\): field duedate/);
  t.throws(() => world({ accounts: [{}], services: [{}] }), /not both/);
  t.throws(() => world({ tickets: [{}] }), /no default tickets record/);
});
