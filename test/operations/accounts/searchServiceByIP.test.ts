import t from 'tap';
import { build } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { read, readEverywhere } from '../../helpers/reads.js';
import { keyOrder } from '../../helpers/shapes.js';

const CALL = 'searchServiceByIP';

/** What every row carries for the fields billsim does not keep. */
const UNKEPT = {
  autosuspend: '0',
  autosuspend_date: '0000-00-00',
  date_changed: '0000-00-00 00:00:00',
  synch_date: '0000-00-00 00:00:00',
  synch_error: '0',
  user_error: '0',
  domain_error: '0',
};

const ids = (result: Record<string, unknown>) => (result.services as Array<{ id: string }>).map((s) => s.id);

t.test("searchServiceByIP answers a VPS found by its additional address, as a real answer's account row", async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, CALL, { ip: '203.0.113.34' });
  t.strictSame(result, {
    services: [
      {
        id: '2',
        client_id: '1',
        order_id: '1004',
        product_id: '8',
        parent_id: '0',
        date_created: '2025-06-02',
        domain: 'vps1.morgan-design.com',
        server_id: '4',
        payment_module: '2',
        firstpayment: '129.60',
        total: '129.60',
        billingcycle: 'Annually',
        next_due: '2027-06-02',
        due_day: '2',
        next_invoice: '2027-05-19',
        status: 'Active',
        label: 'Client staging',
        username: 'root',
        ...UNKEPT,
        notes: '',
        manual: '0',
        extra_details: 'a:0:{}',
        firstname: 'Alice',
        lastname: 'Morgan',
        ip: '203.0.113.32',
        additional_ip: ['203.0.113.34'],
      },
    ],
  });
  keyOrder(
    t,
    (result.services as object[])[0],
    'id client_id order_id product_id parent_id date_created domain server_id payment_module firstpayment total billingcycle ' +
      'next_due due_day next_invoice status label username autosuspend autosuspend_date date_changed synch_date synch_error ' +
      'user_error domain_error notes manual extra_details firstname lastname ip additional_ip',
  );
  t.notOk('password' in (result.services as object[])[0], 'no password');
});

t.test("a server's shared address finds every service it hosts, in any status, by id", async (t) => {
  const app = await build(t);
  const frankfurt = await read(t, app, CALL, { ip: '203.0.113.11' });
  t.strictSame(ids(frankfurt), ['3', '5', '18'], 'Active, Suspended and Fraud services on server 1');
  t.strictSame(
    (frankfurt.services as Array<Record<string, string>>).map((s) => [s.status, s.firstname, s.lastname]),
    [
      ['Active', 'Bruno', 'Keller'],
      ['Suspended', 'Charlotte', 'Evans'],
      ['Fraud', 'Isabel', 'Torres'],
    ],
  );
  t.strictSame(ids(await read(t, app, CALL, { ip: '203.0.113.22' })), ['11'], 'a Terminated service keeps its record');
  t.strictSame(ids(await read(t, app, CALL, { ip: '203.0.113.33', source: 'vpsdata' })), ['7'], 'every source reads the same record');
  t.strictSame(ids(await read(t, app, CALL, { ip: '2001:DB8:31::7', source: 'ipam' })), ['7'], 'an IPv6 address, letter case aside');
  t.strictSame(await read(t, app, CALL, { ip: '203.0.113.99' }), { services: [] }, 'an address no service holds');
  t.strictSame(await read(t, app, CALL, { ip: '203.0.113.31' }), { services: [] }, "a server's own address is not a service's");
});

t.test('an address edited onto a service is found at once', async (t) => {
  const app = await build(t);
  await read(t, app, 'editAccountDetails', { id: '1', server_id: '1' });
  t.strictSame(ids(await read(t, app, CALL, { ip: '203.0.113.21' })), ['1', '6', '8'], 'moving servers keeps its address');
  const { world } = app.billsim.sessions.get('moved');
  world.transaction(() =>
    world.replace('accounts', { ...world.get('accounts', '1')!, ip: '203.0.113.11', additional_ip: ['198.51.100.77'] }),
  );
  t.strictSame(ids(await read(t, app, CALL, { ip: '203.0.113.11' }, 'moved')), ['1', '3', '5', '18']);
  t.strictSame(ids(await read(t, app, CALL, { ip: '198.51.100.77' }, 'moved')), ['1']);
  t.strictSame(ids(await read(t, app, CALL, { ip: '203.0.113.21' }, 'moved')), ['6', '8']);
});

refusals('a missing or malformed address, or an unknown source, is refused', CALL, [
  [{}, 'Parameter ip is required'],
  [{ ip: 'example.com' }, 'Parameter ip must be an IPv4 or IPv6 address, such as 203.0.113.11'],
  [{ ip: '203.0.113' }, 'Parameter ip must be an IPv4 or IPv6 address, such as 203.0.113.11'],
  [{ ip: '203.0.113.300' }, 'Parameter ip must be an IPv4 or IPv6 address, such as 203.0.113.11'],
  [{ ip: '203.0.113.11', source: 'dns' }, 'Parameter source must be one of: ipam, proxmox, vpsdata, localcloud'],
]);
