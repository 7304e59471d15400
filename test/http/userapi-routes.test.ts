// Finding a request's route among the door's: by the path's first segment,
// then the routes under it in the table's order (fixed segments before
// placeholders), the same route a walk through the whole table finds.
import t from 'tap';
import { routeRegistry } from '../../src/userapi/index.js';
import { type DoorEntry, doorTable, matchRoute } from '../../src/http/userapi-routes.js';

const table = doorTable(routeRegistry);
const keyOf = (match: ReturnType<typeof matchRoute>) =>
  match && 'entry' in match ? { key: match.entry.key, values: match.values } : match;

t.test('a path reaches its route with its values decoded, a trailing slash or not', async (t) => {
  t.strictSame(keyOf(matchRoute(table, 'GET', '/invoice/12')), { key: 'GET /api/invoice/{id}', values: { id: '12' } });
  t.strictSame(keyOf(matchRoute(table, 'GET', '/invoice/12/')), { key: 'GET /api/invoice/{id}', values: { id: '12' } });
  t.strictSame(keyOf(matchRoute(table, 'GET', '/invoice')), { key: 'GET /api/invoice', values: {} });
  t.strictSame(keyOf(matchRoute(table, 'GET', '/invoice/a%20b')), { key: 'GET /api/invoice/{id}', values: { id: 'a b' } });
});

t.test('a known path with another method answers the methods it takes; an unknown one nothing', async (t) => {
  t.strictSame(matchRoute(table, 'DELETE', '/invoice/12'), { allowed: ['GET'] });
  t.equal(matchRoute(table, 'GET', '/invoices'), undefined);
  t.equal(matchRoute(table, 'GET', '/'), undefined);
  t.equal(matchRoute(table, 'GET', '//invoice'), undefined);
  t.equal(matchRoute(table, 'GET', '/%69nvoice'), undefined, 'an encoded segment is not its decoded name');
});

t.test('every route, with made-up values, is found as a walk through the whole table finds it', async (t) => {
  // A copy of the table with a placeholder for a first segment at its end is matched whole, never by the index.
  const wild: DoorEntry = { ...table[0], path: '/{any}', pattern: /^\/never-matched$/, fixed: 0 };
  const whole = [...table, wild];
  const differ: string[] = [];
  for (const entry of table) {
    const path = entry.path.replace(/\{[^}]+\}/g, '7');
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      const indexed = JSON.stringify(keyOf(matchRoute(table, method, path)));
      const walked = JSON.stringify(keyOf(matchRoute(whole, method, path)));
      if (indexed !== walked) differ.push(`${method} ${path}: ${indexed} against ${walked}`);
    }
  }
  t.strictSame(differ, []);
  t.ok(table.length > 80, `all ${table.length} routes were tried`);
});
