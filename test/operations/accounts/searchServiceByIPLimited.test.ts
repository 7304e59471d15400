import t from 'tap';
import { build } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { read, readEverywhere } from '../../helpers/reads.js';
import { keyOrder } from '../../helpers/shapes.js';

const CALL = 'searchServiceByIPLimited';

t.test('searchServiceByIPLimited answers the same services with limited rows: no billing, login or sync fields', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, CALL, { ip: '2001:db8:31::7' });
  t.strictSame(result, {
    services: [
      {
        id: '7',
        client_id: '5',
        order_id: '1010',
        product_id: '9',
        parent_id: '0',
        date_created: '2026-09-20',
        domain: 'srv.laurent-conseil.fr',
        server_id: '4',
        status: 'Active',
        label: '',
        firstname: 'Emma',
        lastname: 'Laurent',
        ip: '203.0.113.33',
        additional_ip: ['2001:db8:31::7'],
      },
    ],
  });
  keyOrder(
    t,
    (result.services as object[])[0],
    'id client_id order_id product_id parent_id date_created domain server_id status label firstname lastname ip additional_ip',
  );
});

t.test('the limited rows are the full rows cut down, for the same services in the same order', async (t) => {
  const app = await build(t);
  for (const ip of ['203.0.113.11', '203.0.113.21', '203.0.113.99']) {
    const full = (await read(t, app, 'searchServiceByIP', { ip })).services as Array<Record<string, unknown>>;
    const limited = (await read(t, app, CALL, { ip, source: 'localcloud' })).services as Array<Record<string, unknown>>;
    t.strictSame(
      limited,
      full.map((row) => Object.fromEntries(Object.keys(limited[0] ?? {}).map((key) => [key, row[key]]))),
      ip,
    );
  }
});

refusals('a missing or malformed address, or an unknown source, is refused', CALL, [
  [{}, 'Parameter ip is required'],
  [{ ip: '::g' }, 'Parameter ip must be an IPv4 or IPv6 address, such as 203.0.113.11'],
  [{ ip: '203.0.113.11', source: 'whois' }, 'Parameter source must be one of: ipam, proxmox, vpsdata, localcloud'],
]);
