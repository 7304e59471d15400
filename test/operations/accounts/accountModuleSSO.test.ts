import t from 'tap';
import { api, assertError, build } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { read, readEverywhere } from '../../helpers/reads.js';

const CALL = 'accountModuleSSO';

async function linkOf(...args: Parameters<typeof read>): Promise<string> {
  return (await read(...args)).link as string;
}

t.test("accountModuleSSO answers a link to the control panel of the service's server, in the published shape", async (t) => {
  const app = await build(t);
  t.strictSame(await readEverywhere(t, app, CALL, { account_id: '1' }), {
    link: 'https://cp1.dal.lumenhost.net?sso=f4c43dbaed86f5b8696a071a8a8caecb569d883d455b04be7eadb09b78687662',
  });
  const vps = await linkOf(t, app, CALL, { account_id: '2' });
  t.match(vps, /^https:\/\/vps\.ams\.lumenhost\.net\?sso=[0-9a-f]{64}$/, "a SolusVM service: its master's panel");
  const other = await linkOf(t, app, CALL, { account_id: '6' });
  t.ok(other.startsWith('https://cp1.dal.lumenhost.net?sso='), 'another service on the same server');
  t.not(other, await linkOf(t, app, CALL, { account_id: '1' }), 'signs in another client');
  t.equal(await linkOf(t, app, CALL, { account_id: '1' }), await linkOf(t, app, CALL, { account_id: '1' }), 'the same link each time');
});

t.test("the link follows the service's server, and a server without a host name is reached by its IP", async (t) => {
  const app = await build(t);
  await read(t, app, 'editAccountDetails', { id: '1', server_id: '1' });
  t.match(await linkOf(t, app, CALL, { account_id: '1' }), /^https:\/\/cp1\.fra\.lumenhost\.net\?sso=[0-9a-f]{64}$/);
  const { world } = app.billsim.sessions.get('bare');
  world.transaction(() => world.replace('servers', { ...world.get('servers', '2')!, host: '' }));
  t.match(await linkOf(t, app, CALL, { account_id: '1' }, 'bare'), /^https:\/\/203\.0\.113\.21\?sso=[0-9a-f]{64}$/);
});

t.test('a Pending service becomes reachable once it is created', async (t) => {
  const app = await build(t);
  assertError(t, await api(app, CALL, { account_id: '10' }), CALL, [
    'Account 10 is Pending: only an Active service has a control panel to sign in to',
  ]);
  await read(t, app, 'accountCreate', { id: '10' });
  t.match(await linkOf(t, app, CALL, { account_id: '10' }), /^https:\/\/cloud\.lumenhost\.net\?sso=[0-9a-f]{64}$/, 'an OnApp panel');
});

const needsActive = (id: string, status: string) => `Account ${id} is ${status}: only an Active service has a control panel to sign in to`;
const noServer = (id: string) =>
  `Account ${id} runs on no server (server_id 0): set the server it is provisioned on with editAccountDetails first`;

refusals('a service that is not Active, or runs on no server, is refused naming every reason', CALL, [
  [{ account_id: '5' }, needsActive('5', 'Suspended')],
  [{ account_id: '11' }, needsActive('11', 'Terminated')],
  [{ account_id: '18' }, needsActive('18', 'Fraud')],
  [{ account_id: '4' }, noServer('4')],
  [{ account_id: '12' }, noServer('12')],
  [{}, 'Parameter account_id is required'],
  [{ account_id: 'one' }, 'Parameter account_id must be a positive whole number id, such as 1'],
  [{ account_id: '99' }, 'Account 99 not found'],
]);

t.test('two reasons at once, a server that is gone, and a module without single sign-on', async (t) => {
  const app = await build(t);
  assertError(t, await api(app, CALL, { account_id: '9' }), CALL, [needsActive('9', 'Cancelled'), noServer('9')]);
  await read(t, app, 'editAccountDetails', { id: '1', server_id: '99' });
  assertError(t, await api(app, CALL, { account_id: '1' }), CALL, ['Server 99 not found']);
  // An SSL certificate's module has no panel: put a GoGetSSL server under its service.
  const { world } = app.billsim.sessions.get('ssl');
  world.transaction(() => {
    world.insert('servers', { ...world.get('servers', '6')!, id: '7', group_id: '4', name: 'GoGetSSL API' });
    world.replace('accounts', { ...world.get('accounts', '12')!, server_id: '7' });
  });
  assertError(t, await api(app, CALL, { account_id: '12' }, { session: 'ssl' }), CALL, [
    'Account 12 runs on server 7 of app group GoGetSSL, whose module GoGetSSL offers no single sign-on',
  ]);
});
