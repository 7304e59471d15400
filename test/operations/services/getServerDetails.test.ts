import t from 'tap';
import { build } from '../../helpers/app.js';
import { idRefusals, refusals } from '../../helpers/refusals.js';
import { read, readEverywhere } from '../../helpers/reads.js';
import { keyOrder } from '../../helpers/shapes.js';

const CALL = 'getServerDetails';

const NO_EXTRA_ADDRESSES = { ns3: '', ns4: '', ip1: '', ip2: '', ip3: '', ip4: '' };

t.test('getServerDetails answers every field in the published order, the password decrypted', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, CALL, { id: '1' });
  t.strictSame(result, {
    server: {
      id: '1',
      group_id: '1',
      default: '1',
      name: 'Frankfurt cPanel 1',
      username: 'root',
      password: 'fake-whm-pass-fra1',
      ip: '203.0.113.11',
      host: 'cp1.fra.lumenhost.net',
      status_url: 'https://cp1.fra.lumenhost.net/status',
      ns1: 'ns1.lumenhost.net',
      ns2: 'ns2.lumenhost.net',
      ...NO_EXTRA_ADDRESSES,
      max_accounts: '400',
      default_module: '3',
      hash: 'fake-whm-api-token-fra1',
      secure: '1',
      enable: '1',
      field1: '',
      field2: '',
      group_name: 'cPanel Shared Hosting',
    },
  });
  keyOrder(
    t,
    result.server,
    'id group_id default name username password ip host status_url ns1 ns2 ns3 ns4 ip1 ip2 ip3 ip4 max_accounts default_module hash secure enable field1 field2 group_name',
  );
});

t.test("a VPS master's addresses, a disabled server, and the group joined in", async (t) => {
  const app = await build(t);
  const vps = (await read(t, app, CALL, { id: '4' })).server as Record<string, string>;
  t.strictSame(
    [vps.username, vps.password, vps.ip1, vps.ip2, vps.ip3, vps.default_module, vps.group_name],
    ['fake-solusvm-api-id-ams', 'fake-solusvm-api-key-ams', '203.0.113.32', '203.0.113.33', '203.0.113.34', '5', 'SolusVM VPS'],
  );
  const dallas = (await read(t, app, CALL, { id: '3' })).server as Record<string, string>;
  t.strictSame([dallas.enable, dallas.default, dallas.status_url], ['0', '0', '']);
  // Every bundled secret is marked fake.
  for (const id of ['1', '2', '3', '4', '5', '6']) {
    const { password, hash } = (await read(t, app, CALL, { id })).server as Record<string, string>;
    t.ok(password.startsWith('fake-') && (hash === '' || hash.startsWith('fake-')), `server ${id}'s secrets are fake`);
  }
});

refusals('a missing, malformed or unknown id is refused', CALL, idRefusals('Server', 'srv1'));
