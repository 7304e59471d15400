import t from 'tap';
import { api, assertError, assertSuccess, build, CREDENTIALS, FROZEN_NOW, storeJson } from '../helpers/app.js';
import { messages } from '../../src/errors.js';

const auth = `api_id=${CREDENTIALS.api_id}&api_key=${CREDENTIALS.api_key}`;

t.test('a missing call and an unknown call are named', async (t) => {
  const app = await build(t);
  const missing = await app.inject({ url: `/admin/api.php?${auth}` });
  t.equal(missing.statusCode, 200);
  assertError(t, missing.json(), '', ['Parameter call is required: name the API function to run, such as call=getCurrencies']);
  assertError(t, await api(app, 'getFoo'), 'getFoo', [
    'Unknown call "getFoo": billsim does not simulate it; answer it your way with a stub (POST /__billsim/stubs with { "call": "getFoo", "answer": { ... } })',
  ]);
  assertError(t, await api(app, 'toString'), 'toString', [messages.callUnknown('toString')]);
});

t.test('a near-miss call name is answered with the closest real call', async (t) => {
  const app = await build(t);
  const cases: [string, string][] = [
    ['getcurrencies', 'getCurrencies'],
    ['GETINVOICEDETAILS', 'getInvoiceDetails'],
    ['getInvoice', 'getInvoices'],
    ['getInvoiceDetail', 'getInvoiceDetails'],
    ['getClientDetials', 'getClientDetails'],
    ['addClientContacts', 'addClientContact'],
  ];
  for (const [call, near] of cases) {
    assertError(t, await api(app, call), call, [messages.callUnknownNear(call, near)]);
  }
  assertError(t, await api(app, 'getWeather'), 'getWeather', [messages.callUnknown('getWeather')]);
  const long = 'getCurrencies'.repeat(10);
  assertError(t, await api(app, long), long, [messages.callUnknown(long)]);
});

t.test('server_time is the session clock in Unix seconds', async (t) => {
  const app = await build(t);
  const body = await api(app, 'getCurrencies');
  t.equal(body.server_time, Math.floor(FROZEN_NOW.getTime() / 1000));
});

t.test('call and credentials may come from the query string with a form body, and the body wins', async (t) => {
  const app = await build(t);
  const mixed = await app.inject({
    method: 'POST',
    url: '/admin/api.php?call=getCurrencies',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: auth,
  });
  assertSuccess(t, mixed.json(), 'getCurrencies');
  const overridden = await app.inject({
    method: 'POST',
    url: `/admin/api.php?call=getCurrencies&${auth}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'api_key=wrong',
  });
  assertError(t, overridden.json(), 'getCurrencies', ['Authentication failed: invalid api_id or api_key']);
});

t.test('JSON bodies work, and a body-less GET with Content-Type: application/json works', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'getCurrencies', {}, { via: 'json' }), 'getCurrencies');
  const get = await app.inject({ url: `/admin/api.php?call=getCurrencies&${auth}`, headers: { 'content-type': 'application/json' } });
  assertSuccess(t, get.json(), 'getCurrencies');
  const emptyPost = await app.inject({
    method: 'POST',
    url: `/admin/api.php?call=getCurrencies&${auth}`,
    headers: { 'content-type': 'application/json' },
    payload: '',
  });
  assertSuccess(t, emptyPost.json(), 'getCurrencies');
});

t.test('unreadable bodies answer the error envelope with HTTP 200', async (t) => {
  const app = await build(t);
  const broken = await app.inject({
    method: 'POST',
    url: '/admin/api.php?call=getCurrencies',
    headers: { 'content-type': 'application/json' },
    payload: '{"call":',
  });
  t.equal(broken.statusCode, 200);
  t.equal(broken.json().success, false);
  t.match(broken.json().error[0], /^Request body could not be read: invalid JSON/);
  const array = await app.inject({
    method: 'POST',
    url: '/admin/api.php?call=getCurrencies',
    headers: { 'content-type': 'application/json' },
    payload: '[1,2]',
  });
  assertError(t, array.json(), 'getCurrencies', ['Request body could not be read: a JSON body must be an object of parameters']);
});

t.test('a body over the limit is refused with the envelope', async (t) => {
  const app = await build(t, { bodyLimit: 1000 });
  const response = await app.inject({
    method: 'POST',
    url: '/admin/api.php?call=getCurrencies',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `${auth}&x=${'a'.repeat(2000)}`,
  });
  t.equal(response.statusCode, 200);
  assertError(t, response.json(), 'getCurrencies', ['Request body is larger than the limit of 1000 bytes']);
});

t.test('an unknown content type is ignored like PHP does', async (t) => {
  const app = await build(t);
  const response = await app.inject({
    method: 'POST',
    url: `/admin/api.php?call=getCurrencies&${auth}`,
    headers: { 'content-type': 'text/plain' },
    payload: 'hello',
  });
  assertSuccess(t, response.json(), 'getCurrencies');
});

t.test('parameters nested beyond the limit are refused', async (t) => {
  const app = await build(t);
  const deep = `a${'[x]'.repeat(20)}=1`;
  assertError(t, (await app.inject({ url: `/admin/api.php?call=getCurrencies&${auth}&${deep}` })).json(), 'getCurrencies', [
    'Request parameters are nested or repeated beyond the supported limits',
  ]);
});

t.test('an invalid session header is refused', async (t) => {
  const app = await build(t);
  assertError(t, await api(app, 'getCurrencies', {}, { session: 'bad name!' }), 'getCurrencies', [
    'Header x-billsim-session must be 1-64 characters of A-Z, a-z, 0-9, ".", "_" or "-"',
  ]);
});

t.test('other paths answer a JSON 404 that points at the endpoint', async (t) => {
  const app = await build(t);
  const response = await app.inject({ url: '/api.php' });
  t.equal(response.statusCode, 404);
  t.strictSame(response.json(), { error: 'No route GET /api.php: the API is at /admin/api.php' });
});

t.test('prototype pollution attempts through every encoding leave Object.prototype untouched', async (t) => {
  const app = await build(t);
  const attacks = ['__proto__[polluted]=1', 'constructor[prototype][polluted]=1', 'a[__proto__][polluted]=1'];
  for (const attack of attacks) {
    const get = await app.inject({ url: `/admin/api.php?call=getCurrencies&${auth}&${attack}` });
    t.equal(get.statusCode, 200);
    const form = await app.inject({
      method: 'POST',
      url: '/admin/api.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `call=getCurrencies&${auth}&${attack}`,
    });
    t.equal(form.json().success, true);
    const [key] = attack.split('=');
    const boundary = 'b0undary';
    const multipart = await app.inject({
      method: 'POST',
      url: `/admin/api.php?call=getCurrencies&${auth}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n1\r\n--${boundary}--\r\n`,
    });
    t.equal(multipart.json().success, true);
  }
  const json = await app.inject({
    method: 'POST',
    url: '/admin/api.php',
    headers: { 'content-type': 'application/json' },
    payload: `{"call":"getCurrencies","api_id":"billsim","api_key":"billsim-secret","__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}`,
  });
  t.equal(json.json().success, true);
  t.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype has no polluted key');
});

t.test('validation reports every problem of a request at once, one message per parameter, in the same order', async (t) => {
  const app = await build(t);
  const params = { id: '1', lastname: 'Lee', email: 'not-an-email', password: 'S3cret!', password2: 'S3cret!' };
  const before = storeJson(app);
  for (const via of ['get', 'form', 'multipart', 'json'] as const) {
    assertError(t, await api(app, 'addClientContact', params, { via }), 'addClientContact', [
      'Parameter firstname is required',
      'Parameter email must be a valid email address, such as jane@example.com',
    ]);
  }
  assertError(t, await api(app, 'addClientContact', { email: 'bad', id: 'abc', firstname: 'Ann' }), 'addClientContact', [
    'Parameter lastname is required',
    'Parameter password is required',
    'Parameter password2 is required',
    'Parameter id must be a positive whole number id, such as 1',
    'Parameter email must be a valid email address, such as jane@example.com',
  ]);
  // A parameter with several problems inside it is named once, by its first.
  assertError(
    t,
    await api(app, 'getTransactions', { page: '-1', perpage: 'abc', 'filter[bogus]': '1', 'filter[x]': '2' }),
    'getTransactions',
    [
      'Parameter page must be a page number counted from 0',
      'Parameter perpage must be a page size from 1 to 1000',
      'Parameter filter[bogus] must be absent: it is not a known key here',
    ],
  );
  t.equal(storeJson(app), before, 'nothing changed');
});

t.test('a call sent with the wrong shape says what shape it got', async (t) => {
  const app = await build(t);
  for (const [query, got] of [
    ['call[x]=getCurrencies', 'an object'],
    ['call[]=getCurrencies', 'a list'],
    ['call=getCurrencies&call=getClients', 'a list'],
  ]) {
    assertError(t, (await app.inject({ url: `/admin/api.php?${query}&${auth}` })).json(), '', [
      `Parameter call must be a string, got ${got}`,
    ]);
  }
  assertError(t, await api(app, 'getClientDetails', { 'id[x]': '1' }), 'getClientDetails', [
    'Parameter id must be a positive whole number id, such as 1, got an object',
  ]);
});

t.test("answers to bodies that could not be read carry the named session's clock as server_time", async (t) => {
  const app = await build(t, { bodyLimit: 1000 });
  const seconds = FROZEN_NOW.getTime() / 1000;
  const advance = (session: string, advanceDays: number) =>
    app.inject({ method: 'POST', url: '/__billsim/clock', headers: { 'x-billsim-session': session }, payload: { advanceDays } });
  await advance('late', 3);
  await advance('default', 1);
  const post = (payload: string, type: string, session?: string) =>
    app.inject({
      method: 'POST',
      url: '/admin/api.php?call=getCurrencies',
      headers: { 'content-type': type, ...(session !== undefined && { 'x-billsim-session': session }) },
      payload,
    });
  const json = 'application/json';
  t.equal((await post('{"call":', json, 'late')).json().server_time, seconds + 3 * 86400, 'bad JSON: the named session');
  t.equal((await post('{"call":', json)).json().server_time, seconds + 86400, 'bad JSON, no session named: the default session');
  const tooLarge = await post(`x=${'a'.repeat(2000)}`, 'application/x-www-form-urlencoded', 'late');
  t.equal(tooLarge.json().error[0], messages.bodyTooLarge(1000));
  t.equal(tooLarge.json().server_time, seconds + 3 * 86400, 'a body over the limit: the named session');
  const badHeader = await app.inject({ url: `/admin/api.php?call=getCurrencies&${auth}`, headers: { 'x-billsim-session': 'no spaces' } });
  assertError(t, badHeader.json(), 'getCurrencies', [messages.sessionInvalid()]);
  t.equal(badHeader.json().server_time, seconds + 86400, 'a bad session header: the default session');
  t.equal(
    (await post('{"call":', json, 'fresh')).json().server_time,
    seconds,
    'a session not yet used: a new session starts at the seed clock',
  );
  t.notOk(app.billsim.sessions.has('fresh'), 'an unreadable body creates no session');
});
