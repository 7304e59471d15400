import t from 'tap';
import { servicesAt } from '../../src/domain/serviceIps.js';
import { ApiError } from '../../src/errors.js';
import { noScanOf } from '../helpers/app.js';
import { world, write } from '../helpers/world.js';

const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);

t.test('services are found by their main or any additional address, through an index, by id', async (t) => {
  const w = world({
    clients: [{}],
    services: [
      { id: '5', ip: '203.0.113.10', additional_ip: ['2001:DB8::5'] },
      { id: '2', ip: '203.0.113.10' },
      { id: '9', ip: '', additional_ip: ['203.0.113.10', '203.0.113.10'] },
      { id: '3', ip: '203.0.113.11' },
    ],
  });
  noScanOf(w, 'accounts');
  t.strictSame(ids(servicesAt(w, '203.0.113.10')), ['2', '5', '9'], 'by id, each once');
  t.strictSame(ids(servicesAt(w, '2001:db8::5')), ['5'], 'an IPv6 address whatever its letter case');
  t.strictSame(ids(servicesAt(w, '203.0.113.12')), []);
  // The index follows a change of address.
  write(w, () => w.replace('accounts', { ...w.get('accounts', '3')!, ip: '203.0.113.12', additional_ip: ['203.0.113.10'] }));
  t.strictSame(
    [ids(servicesAt(w, '203.0.113.11')), ids(servicesAt(w, '203.0.113.12')), ids(servicesAt(w, '203.0.113.10'))],
    [[], ['3'], ['2', '3', '5', '9']],
  );
});

t.test('what is not an IP address is refused', async (t) => {
  const w = world({});
  for (const ip of ['203.0.113', '203.0.113.256', '1::2::3', '::g', '2001:db8::1/64']) {
    t.throws(() => servicesAt(w, ip), new ApiError('Parameter ip must be an IPv4 or IPv6 address, such as 203.0.113.11'), ip);
  }
  t.strictSame(servicesAt(w, '::1'), [], 'IPv6 loopback is an address');
});
