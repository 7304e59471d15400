import t from 'tap';
import { build } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { read, readEverywhere } from '../../helpers/reads.js';
import { keyOrder } from '../../helpers/shapes.js';

const CALL = 'getAppServers';

t.test("getAppServers lists a group's servers without credentials, counting the services each still hosts", async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, CALL, { group: '1' });
  const cpanel = { module: 'Cpanel2', type: 'Hosting' };
  t.strictSame(result, {
    servers: [
      // Accounts 3 (Active) and 5 (Suspended); 18 is Fraud, closed at its module.
      {
        id: '1',
        name: 'Frankfurt cPanel 1',
        host: 'cp1.fra.lumenhost.net',
        ip: '203.0.113.11',
        max_accounts: '400',
        accounts: '2',
        ...cpanel,
        default: '1',
      },
      {
        id: '2',
        name: 'Dallas cPanel 1',
        host: 'cp1.dal.lumenhost.net',
        ip: '203.0.113.21',
        max_accounts: '400',
        accounts: '3',
        ...cpanel,
        default: '0',
      },
      // Its one service (account 11) is Terminated.
      {
        id: '3',
        name: 'Dallas cPanel 2',
        host: 'cp2.dal.lumenhost.net',
        ip: '203.0.113.22',
        max_accounts: '250',
        accounts: '0',
        ...cpanel,
        default: '0',
      },
    ],
  });
  keyOrder(t, (result.servers as object[])[0], 'id name host ip max_accounts accounts module type default');
});

t.test("the other groups: a module's name and kind, and a group without servers", async (t) => {
  const app = await build(t);
  const vps = (await read(t, app, CALL, { group: '2' })).servers as Array<Record<string, string>>;
  t.strictSame(
    vps.map(({ id, accounts, module, type }) => [id, accounts, module, type]),
    [
      ['4', '2', 'SolusVM', 'Hosting'],
      ['5', '0', 'SolusVM', 'Hosting'],
    ],
  );
  t.strictSame(await read(t, app, CALL, { group: '4' }), { servers: [] }, 'GoGetSSL has no servers');
});

t.test('a service moving on or off a server changes its count', async (t) => {
  const app = await build(t);
  const count = async (server: string) =>
    ((await read(t, app, CALL, { group: '1' })).servers as Array<{ id: string; accounts: string }>).find((s) => s.id === server)?.accounts;
  await read(t, app, 'accountSuspend', { id: '6' });
  t.equal(await count('2'), '3', 'a Suspended service still counts');
  await read(t, app, 'accountTerminate', { id: '6' });
  t.equal(await count('2'), '2', 'a Terminated one does not');
  await read(t, app, 'editAccountDetails', { id: '1', server_id: '3' });
  t.strictSame([await count('2'), await count('3')], ['1', '1'], 'moved to another server');
});

refusals('a missing, malformed or unknown group is refused', CALL, [
  [{}, 'Parameter group is required'],
  [{ group: 'cpanel' }, 'Parameter group must be a positive whole number id, such as 1'],
  [{ group: '9' }, 'App group 9 not found'],
]);
