// --record at the customer's door: each forwarded answer is a door stub
// (method and literal path) in the folder's stubs.json, the installation's
// tokens left out, and `--fixtures DIR` replays the whole conversation.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { build } from '../helpers/app.js';
import { ALICE, CLIENT_PASSWORD, door } from '../helpers/door.js';
import { installation, tinyServer, upstreamAt } from '../helpers/installation.js';
import { doorStubOf, literalTemplate } from '../../src/http/recording.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';

/** An answer as the file keeps it: texts with `{{` written so that the template gives them back. */
const literal = (value: unknown) =>
  JSON.parse(JSON.stringify(value), (_key, item) => (typeof item === 'string' ? literalTemplate(item) : item));

t.test('a login and two reads recorded through the proxy replay offline, with no token of the installation in the file', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-record-door-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const { upstream } = await installation(t);
  const app = await build(t, { proxy: { upstream, forward: 'every', writes: false, record: dir } });
  const login = await door(app, 'POST', '/login', { username: ALICE, password: CLIENT_PASSWORD });
  const token = login.body.token as string;
  const details = await door(app, 'GET', '/details', {}, { token });
  const page = await door(app, 'GET', '/invoice', { page: 1 }, { token });
  const missing = await door(app, 'GET', '/invoice/99999', {}, { token });
  t.strictSame([details.status, page.status, missing.status], [200, 200, 404]);
  await app.close();
  const bundled = loadFixtures(defaultFixturesDir).stubs;
  const recorded = JSON.parse(fs.readFileSync(path.join(dir, 'stubs.json'), 'utf8')).slice(bundled.length);
  const next = bundled.reduce((top, stub) => Math.max(top, Number(stub.id)), 0) + 1;
  t.strictSame(recorded, [
    { id: String(next), call: 'POST /api/login', params: { username: ALICE }, answer: { token: '[redacted]', refresh: '[redacted]' } },
    { id: String(next + 1), call: 'GET /api/details', params: {}, answer: literal(details.body) },
    { id: String(next + 2), call: 'GET /api/invoice', params: { page: '1' }, answer: literal(page.body) },
    { id: String(next + 3), call: 'GET /api/invoice/99999', params: {}, error: missing.body.error, status: 404 },
  ]);
  t.notMatch(fs.readFileSync(path.join(dir, 'stubs.json'), 'utf8'), token.split('.')[2], 'no token signature in the file');
  t.notMatch(fs.readFileSync(path.join(dir, 'stubs.json'), 'utf8'), CLIENT_PASSWORD, 'no password in the file');

  const replay = await build(t, { fixturesDir: dir });
  const again = await door(replay, 'POST', '/login', { username: ALICE, password: 'any password at all' });
  t.strictSame(again.body, { token: '[redacted]', refresh: '[redacted]' }, 'the recorded login, whatever the password');
  const options = { token: again.body.token as string };
  t.strictSame(await door(replay, 'GET', '/details', {}, options), {
    ...details,
    headers: (await door(replay, 'GET', '/details', {}, options)).headers,
  });
  t.strictSame((await door(replay, 'GET', '/invoice', { page: 1 }, options)).body, page.body);
  const gone = await door(replay, 'GET', '/invoice/99999', {}, options);
  t.strictSame([gone.status, gone.body], [404, missing.body]);
  // A route not recorded is billsim's own, which takes no token it did not sign.
  const other = await door(replay, 'GET', '/balance', {}, options);
  t.strictSame([other.status, other.body], [401, { error: ['unauthorized'] }]);
});

t.test('a module route is recorded under its literal path, and what no stub can hold is passed on unrecorded', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-record-door-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const server = await tinyServer(t, (request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(request.url === '/api/service/7/vms' ? '{"vms":[{"id":"vm-1","label":"{{web}}"}]}' : '[1,2]');
  });
  const app = await build(t, { proxy: { upstream: upstreamAt(server.origin), forward: 'unknown', writes: false, record: dir } });
  t.strictSame((await door(app, 'GET', '/service/7/vms')).body, { vms: [{ id: 'vm-1', label: '{{web}}' }] });
  t.equal((await app.inject({ method: 'GET', url: '/api/service/7/disks' })).body, '[1,2]', 'a list is passed on');
  await app.close();
  const stubs = JSON.parse(fs.readFileSync(path.join(dir, 'stubs.json'), 'utf8'));
  t.strictSame(
    stubs.filter((stub: { call: string }) => stub.call.startsWith('GET /api/service')).map((stub: { call: string }) => stub.call),
    ['GET /api/service/7/vms'],
  );
  const replay = await build(t, { fixturesDir: dir });
  t.strictSame(
    (await door(replay, 'GET', '/service/7/vms')).body,
    { vms: [{ id: 'vm-1', label: '{{web}}' }] },
    'braces replay as they were',
  );
  t.strictSame(doorStubOf('GET', '/service/{id}', {}, {}, 200), { skipped: 'the path "/service/{id}" cannot name a stub' });
  t.strictSame(doorStubOf('GET', '/service/7/vms', {}, [1], 200), { skipped: 'the answer is not a JSON object, and a stub answers one' });
});
