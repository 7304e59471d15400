// The Host header check against DNS rebinding: loopback names, IP addresses and
// the names given with --allowed-host are answered, any other name is refused
// on every route (the API with its envelope) before anything runs.
import t from 'tap';
import { build, CREDENTIALS, SERVER_TIME, storeJson } from '../helpers/app.js';
import { hostAllowed, hostName } from '../../src/http/hosts.js';

const refusal = (host: string, name: string) =>
  `Host "${host}" is not allowed (a guard against DNS rebinding): billsim answers loopback names, IP addresses and the names given ` +
  `with --allowed-host. Start it with --allowed-host ${name} (or BILLSIM_ALLOWED_HOST=${name}), or --allowed-host '*' to answer any name`;

const query = new URLSearchParams({
  call: 'addClient',
  ...CREDENTIALS,
  firstname: 'Ann',
  lastname: 'Lee',
  email: 'a@x.example',
  password: 'secret123',
});

t.test('a foreign Host is refused on control, docs and the API, and changes nothing', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  const host = 'rebound.evil.example:8080';
  const reset = await app.inject({ method: 'POST', url: '/__billsim/reset?all=1', headers: { host, 'x-billsim-control': '1' } });
  t.strictSame([reset.statusCode, reset.json()], [403, { error: refusal(host, 'rebound.evil.example') }]);
  const state = await app.inject({ url: '/__billsim/state/api_access', headers: { host } });
  t.equal(state.statusCode, 403);
  t.equal((await app.inject({ url: '/openapi.json', headers: { host } })).statusCode, 403);
  const call = await app.inject({ url: `/admin/api.php?${query}`, headers: { host } });
  t.equal(call.statusCode, 200, 'API clients read the envelope');
  t.strictSame(call.json(), {
    success: false,
    call: 'addClient',
    server_time: SERVER_TIME, // the default session's clock (frozen in these tests), not the real time
    error: [refusal(host, 'rebound.evil.example')],
  });
  t.equal(storeJson(app), before, 'no client added');
});

t.test('loopback names and IP addresses are answered; other names once allowed', async (t) => {
  const app = await build(t, { allowedHosts: ['billsim', '.corp.example'] });
  for (const host of [
    'localhost',
    'localhost:8080',
    'app.localhost:3000',
    '127.0.0.1:8080',
    '[::1]:8080',
    '10.1.2.3',
    'billsim:8080',
    'BILLSIM',
    'ci.corp.example',
    'corp.example:80',
  ]) {
    const answer = await app.inject({ url: '/__billsim/health', headers: { host } });
    t.equal(answer.statusCode, 200, host);
  }
  t.equal((await app.inject({ url: '/__billsim/health', headers: { host: 'billsim.evil.example' } })).statusCode, 403);
  const any = await build(t, { allowedHosts: ['*'] });
  t.equal((await any.inject({ url: '/__billsim/health', headers: { host: 'anything.example' } })).statusCode, 200, '* allows any name');
});

t.test('host names as the check reads them', async (t) => {
  t.equal(hostName('Billsim:8080'), 'billsim');
  t.equal(hostName('[::1]:8080'), '::1');
  t.equal(hostName('localhost.'), 'localhost');
  t.equal(hostAllowed(undefined, []), true, 'HTTP/1.0 without Host is no browser');
  t.equal(hostAllowed('localhost.evil.example', []), false);
  t.equal(hostAllowed('evilcorp.example', ['.corp.example']), false, 'a suffix only at a dot');
});
