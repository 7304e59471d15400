import t from 'tap';
import { build } from '../../helpers/app.js';
import { idOrder } from '../../helpers/shapes.js';
import { refusals } from '../../helpers/refusals.js';
import { read, readEverywhere } from '../../helpers/reads.js';

t.test('getClients lists main clients newest first with their number of services', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getClients', {});
  const clients = result.clients as Record<string, unknown>[];
  idOrder(t, clients, ['9', '8', '7', '6', '5', '4', '3', '2', '1'], 'contacts 10 and 11 are not listed');
  t.strictSame(clients[0], {
    id: '9',
    firstname: 'Isabel',
    lastname: 'Torres',
    datecreated: '2026-11-12',
    email: 'isabel.torres@torres-arquitectura.es',
    companyname: 'Torres Arquitectura S.L.',
    services: 1,
  });
  t.strictSame(clients[8], {
    id: '1',
    firstname: 'Alice',
    lastname: 'Morgan',
    datecreated: '2025-03-14',
    email: 'alice@morgan-design.com',
    companyname: 'Morgan Design Studio LLC',
    services: 4,
  });
  // Accounts of any status per client, 9 down to 1: client 7 has 10 and 17, 6 has 8, 9 and 14, 4 has 6, 13 and 15,
  // 2 has 3 and 4, 1 has 1, 2, 12 and 16; clients 8, 5 and 3 one each, client 9 the Fraud account 18.
  t.strictSame(
    clients.map((c) => c.services),
    [1, 1, 2, 3, 1, 3, 1, 2, 4],
    'services is a JSON number',
  );
  t.strictSame(result.sorter, { perpage: 25, totalpages: 1, sorterrecords: 9, sorterpage: 1 });
});

t.test('getClients pages from 0 with perpage', async (t) => {
  const app = await build(t);
  const first = await read(t, app, 'getClients', { page: '0', perpage: '4' });
  const last = await read(t, app, 'getClients', { page: '2', perpage: '4' });
  t.strictSame(
    (first.clients as { id: string }[]).map((c) => c.id),
    ['9', '8', '7', '6'],
  );
  t.strictSame(first.sorter, { perpage: 4, totalpages: 3, sorterrecords: 9, sorterpage: 1 });
  t.strictSame(
    (last.clients as { id: string }[]).map((c) => c.id),
    ['1'],
  );
  t.strictSame(last.sorter, { perpage: 4, totalpages: 3, sorterrecords: 9, sorterpage: 3 });
});

refusals('getClients rejects a malformed page or perpage', 'getClients', [
  [{ page: '-1' }, 'Parameter page must be a page number counted from 0'],
  [{ perpage: 'all' }, 'Parameter perpage must be a page size from 1 to 1000'],
]);
