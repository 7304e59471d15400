// Hostile input through every encoding: prototype keys in every position and
// spelling, bodies over the limit, and parameters nested or repeated beyond the
// limits. Every answer is HTTP 200 with the envelope, and Object.prototype is
// checked after each request. (endpoint.test.ts has the basic cases.)
import t from 'tap';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { build, storeJson } from '../helpers/app.js';
import { assertPrototypesClean, checkAnswer, send, VIAS, type Pair, type Via } from '../fuzz/support.js';
import { PARAM_LIMITS } from '../../src/http/params.js';

const TOO_COMPLEX = 'Request parameters are nested or repeated beyond the supported limits';
const AUTH = 'api_id=billsim&api_key=billsim-secret';
const BOUNDARY = 'h0stileb0undary';

function multipart(pairs: Array<[string, string]>, files: Array<[string, string]> = []): string {
  const fields = pairs.map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const uploads = files.map(
    ([k, v]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"; filename="f.txt"\r\nContent-Type: text/plain\r\n\r\n${v}\r\n`,
  );
  return `${[...fields, ...uploads].join('')}--${BOUNDARY}--\r\n`;
}

const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** Sends and checks the envelope and the prototypes; returns the body. */
async function hit(app: FastifyInstance, via: Via, call: string, pairs: Pair[], session?: string) {
  const body = checkAnswer(await send(app, { via, call, pairs, session }), call);
  assertPrototypesClean();
  return body;
}

// ------------------------------------------------------------------ prototype pollution

const PROTO_KEYS = [
  '__proto__[polluted]',
  '__proto__][polluted]',
  '__proto__[__proto__][polluted]',
  '__proto__',
  'constructor[prototype][polluted]',
  'constructor[prototype]',
  'constructor',
  'prototype[polluted]',
  'a[__proto__][polluted]',
  'a[b][__proto__][polluted]',
  'a[constructor][prototype][polluted]',
  'a[0][__proto__][polluted]',
  'a[][__proto__][polluted]',
  '[__proto__][polluted]',
  '__proto__[0]',
  'toString',
  'toString[x]',
  'hasOwnProperty',
  'valueOf[polluted]',
  '__defineSetter__',
  '__lookupGetter__[x]',
  '%5F%5Fproto%5F%5F[polluted]',
  '__proto__%5Bpolluted%5D',
  'a%5B__proto__%5D%5Bpolluted%5D',
];

t.test('prototype keys in every position and spelling, through every encoding, change no prototype', async (t) => {
  const app = await build(t);
  for (const via of VIAS) {
    for (const key of PROTO_KEYS) {
      // Percent-escapes in a key are the attacker's own text: decode them as a URL would.
      const wireKey = via === 'get' || via === 'form' ? decodeURIComponent(key) : key;
      const body = await hit(app, via, 'getClientDetails', [
        ['id', '1'],
        [wireKey, '1'],
      ]);
      // Every encoding drops such keys and answers the call as if they were not sent.
      t.equal(body.success, true, `${via} ${key}: ${JSON.stringify(body.error ?? [])}`);
    }
  }
  t.equal(({} as Record<string, unknown>).polluted, undefined);
  t.pass('every request answered and no prototype changed');
});

t.test('a JSON body with __proto__ and constructor keys at every depth changes no prototype', async (t) => {
  const app = await build(t);
  const bodies = [
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"a":{"__proto__":{"polluted":1}}}',
    '{"a":[{"__proto__":{"polluted":1}}]}',
    '{"a":{"b":{"constructor":{"prototype":{"polluted":1}}}}}',
    '{"privileges":{"__proto__":{"isAdmin":"1"},"billing":{"__proto__":{"polluted":"1"}}}}',
    '{"a[__proto__][polluted]":"1","b[constructor][prototype][polluted]":"1"}',
    '{"__proto__[polluted]":"1","toString":"x","hasOwnProperty":"x"}',
  ];
  for (const extra of bodies) {
    const payload = `{"call":"getClientDetails","id":"1","api_id":"billsim","api_key":"billsim-secret",${extra.slice(1)}`;
    const response = await app.inject({ method: 'POST', url: '/admin/api.php', headers: { 'content-type': 'application/json' }, payload });
    const body = checkAnswer(response, 'getClientDetails');
    t.ok(body.success, `${extra} is ignored: ${JSON.stringify(body.error ?? [])}`);
    assertPrototypesClean();
  }
});

t.test("prototype keys inside a mutation's own parameters are dropped, and nothing stored inherits them", async (t) => {
  const app = await build(t);
  const cases: Array<[string, Pair[]]> = [
    [
      'addClientContact',
      [
        ['id', '1'],
        ['firstname', 'P'],
        ['lastname', 'Q'],
        ['email', 'p.q@example.com'],
        ['password', 'x'],
        ['password2', 'x'],
        ['privileges[__proto__][isAdmin]', '1'],
        ['privileges[billing][__proto__][polluted]', '1'],
        ['privileges[constructor][prototype][polluted]', '1'],
        ['privileges[billing][payinvoice]', '1'],
      ],
    ],
    [
      'bulkAddProducts',
      [
        ['products[0][copyof]', '1'],
        ['products[0][name]', 'Proto'],
        ['products[0][__proto__][polluted]', '1'],
        ['products[__proto__][copyof]', '2'],
        ['products[constructor][prototype][name]', 'x'],
      ],
    ],
    [
      'editEstimateDetails',
      [
        ['id', '1'],
        ['item[1][__proto__][amount]', '1'],
        ['newitem[0][description]', 'x'],
        ['newitem[0][amount]', '1'],
        ['newitem[0][constructor][prototype][polluted]', '1'],
      ],
    ],
    [
      'editOrderDraftItem',
      [
        ['id', '1'],
        ['service', '1'],
        ['custom[12][__proto__]', 'x'],
        ['custom[__proto__][34]', 'x'],
        ['custom[12][34]', 'Arch'],
      ],
    ],
  ];
  for (const via of VIAS) {
    const session = `proto-${via}`;
    for (const [call, pairs] of cases) {
      const own = pairs.map(([k, v]): Pair => [k, k === 'email' ? `${via}.${v}` : v]);
      const body = await hit(app, via, call, own, session);
      t.ok(body.success, `${via} ${call} succeeds without the prototype keys: ${JSON.stringify(body.error ?? [])}`);
    }
    const state = storeJson(app, session);
    t.notMatch(state, /polluted|isAdmin/, `${via}: no stored record holds a prototype key's value`);
    const contact = app.billsim.sessions.get(session).world.where('clients', 'email', `${via}.p.q@example.com`)[0];
    t.equal(Object.getPrototypeOf(contact.privileges), Object.prototype);
    t.strictSame(contact.privileges, { billing: { payinvoice: '1' } });
  }
});

// ------------------------------------------------------------------ body limits

t.test('bodies over the default 1 MiB limit answer the error envelope in every encoding', async (t) => {
  const app = await build(t);
  const big = 'a'.repeat(1024 * 1024 + 10);
  const expected = ['Request body is larger than the limit of 1048576 bytes'];
  const requests = {
    form: { 'content-type': 'application/x-www-form-urlencoded', payload: `call=getCurrencies&${AUTH}&x=${big}` },
    json: {
      'content-type': 'application/json',
      payload: JSON.stringify({ call: 'getCurrencies', api_id: 'billsim', api_key: 'billsim-secret', x: big }),
    },
    'multipart field': { 'content-type': MULTIPART, payload: multipart([['x', big]]) },
    'multipart file': { 'content-type': MULTIPART, payload: multipart([], [['f', big]]) },
    'multipart many fields': {
      'content-type': MULTIPART,
      payload: multipart(Array.from({ length: 1100 }, (_, i): [string, string] => [`k${i}`, 'b'.repeat(1000)])),
    },
    'unknown type': { 'content-type': 'text/plain', payload: big },
  };
  for (const [name, { payload, ...headers }] of Object.entries(requests)) {
    const response = await app.inject({ method: 'POST', url: '/admin/api.php?call=getCurrencies', headers, payload });
    const body = checkAnswer(response);
    t.strictSame(body.error, expected, `${name}: refused with the limit`);
  }
});

t.test('a multipart value or field name cut short by the limit refuses the request instead of passing on part of it', async (t) => {
  const app = await build(t, { bodyLimit: 2000 });
  const url = `/admin/api.php?call=bulkAddProducts&${AUTH}`;
  const longName = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': MULTIPART },
    payload: multipart([
      ['products[0][copyof]', '1'],
      ['products[0][name]', 'n'.repeat(1500)],
    ]),
  });
  t.match(checkAnswer(longName).error, [/Request body is larger than the limit of 2000 bytes|must be a product name/]);
  const before = storeJson(app);
  const over = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': MULTIPART },
    payload: multipart([
      ['products[0][copyof]', '1'],
      ['products[0][name]', 'n'.repeat(2500)],
    ]),
  });
  t.strictSame(checkAnswer(over).error, ['Request body is larger than the limit of 2000 bytes']);
  t.equal(storeJson(app), before, 'nothing was created from a truncated value');
});

t.test('bodyLimit is configurable, and a body just under it is read', async (t) => {
  const app = await build(t, { bodyLimit: 5000 });
  const under = await app.inject({
    method: 'POST',
    url: '/admin/api.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `call=getCurrencies&${AUTH}&x=${'a'.repeat(4000)}`,
  });
  t.equal(checkAnswer(under, 'getCurrencies').success, true);
  for (const [type, payload] of [
    ['application/x-www-form-urlencoded', `call=getCurrencies&${AUTH}&x=${'a'.repeat(6000)}`],
    ['application/json', JSON.stringify({ call: 'getCurrencies', x: 'a'.repeat(6000) })],
    [
      MULTIPART,
      multipart([
        ['call', 'getCurrencies'],
        ['x', 'a'.repeat(6000)],
      ]),
    ],
  ]) {
    const response = await app.inject({
      method: 'POST',
      url: '/admin/api.php?call=getCurrencies',
      headers: { 'content-type': type },
      payload,
    });
    t.strictSame(checkAnswer(response).error, ['Request body is larger than the limit of 5000 bytes'], type);
  }
});

t.test('a multipart part declared application/json is its text, as PHP would see it', async (t) => {
  const app = await build(t);
  const payload = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="id"\r\nContent-Type: application/json\r\n\r\n{not json\r\n--${BOUNDARY}--\r\n`;
  const body = checkAnswer(
    await app.inject({
      method: 'POST',
      url: `/admin/api.php?call=getClientDetails&${AUTH}`,
      headers: { 'content-type': MULTIPART },
      payload,
    }),
  );
  t.strictSame(body.error, ['Parameter id must be a positive whole number id, such as 1'], 'the text {not json reached validation');
});

t.test('broken multipart bodies are malformed bodies, not server errors', async (t) => {
  const app = await build(t);
  const url = `/admin/api.php?call=getCurrencies&${AUTH}`;
  const cases: Array<[string, string]> = [
    [MULTIPART, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\nno closing boundary`],
    [MULTIPART, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="f.bin"\r\n\r\nfile, no closing boundary`],
    [MULTIPART, 'not multipart at all'],
    ['multipart/form-data', 'no boundary given'],
    ['multipart/form-data; boundary=', `--\r\n`],
  ];
  for (const [type, payload] of cases) {
    const body = checkAnswer(await app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload }));
    t.equal(body.success, false, `${type}: ${payload.slice(0, 30)}`);
    t.match(body.error, [/^Request body could not be read: /]);
  }
  const files = multipart(
    [],
    Array.from({ length: 21 }, (_, i): [string, string] => [`f${i}`, 'x']),
  );
  const tooMany = checkAnswer(await app.inject({ method: 'POST', url, headers: { 'content-type': MULTIPART }, payload: files }));
  t.strictSame(tooMany.error, ['Request body could not be read: more files than the 20 a form may carry']);
});

// ------------------------------------------------------------------ nesting and repetition limits

function formBody(extra: string): { method: 'POST'; url: string; headers: Record<string, string>; payload: string } {
  return {
    method: 'POST',
    url: '/admin/api.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `call=getCurrencies&${AUTH}&${extra}`,
  };
}

function jsonBody(extra: Record<string, unknown>) {
  return {
    method: 'POST' as const,
    url: '/admin/api.php',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ call: 'getCurrencies', api_id: 'billsim', api_key: 'billsim-secret', ...extra }),
  };
}

function nested(depth: number): unknown {
  let value: unknown = '1';
  for (let i = 0; i < depth; i++) value = { x: value };
  return value;
}

const manyKeys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}=1`).join('&');

t.test('parameters beyond the limits are refused with a clear envelope in every encoding; at the limits they are read', async (t) => {
  const app = await build(t);
  const depth = PARAM_LIMITS.depth;
  const refused: Record<string, InjectOptions> = {
    'GET nested one level too deep': { url: `/admin/api.php?call=getCurrencies&${AUTH}&a${'[x]'.repeat(depth + 1)}=1` },
    'form nested one level too deep': formBody(`a${'[x]'.repeat(depth + 1)}=1`),
    'multipart nested one level too deep': {
      method: 'POST',
      url: '/admin/api.php?call=getCurrencies',
      headers: { 'content-type': MULTIPART },
      payload: multipart([
        ['api_id', 'billsim'],
        ['api_key', 'billsim-secret'],
        [`a${'[x]'.repeat(depth + 1)}`, '1'],
      ]),
    },
    'JSON nested one level too deep': jsonBody({ a: nested(depth + 1) }),
    'JSON nested 100,000 levels': { ...jsonBody({}), payload: `{"call":"getCurrencies","a":${'['.repeat(100_000)}${']'.repeat(100_000)}}` },
    'JSON bracket key plus nesting too deep': jsonBody({ 'a[x][x][x][x]': nested(depth - 3) }),
    'GET 10,001 keys': { url: `/admin/api.php?call=getCurrencies&${AUTH}&${manyKeys(10_001)}` },
    'form 10,001 keys': formBody(manyKeys(10_001)),
    'form 50,000 keys': formBody(manyKeys(50_000)),
    'multipart 10,001 fields': {
      method: 'POST',
      url: '/admin/api.php?call=getCurrencies',
      headers: { 'content-type': MULTIPART },
      payload: multipart(Array.from({ length: 10_001 }, (_, i): [string, string] => [`k${i}`, '1'])),
    },
    'JSON 10,001 keys': jsonBody(Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`k${i}`, '1']))),
    'JSON 10,001 values nested': jsonBody({ a: Array.from({ length: 20 }, () => Array.from({ length: 600 }, () => '1')) }),
    'form 1,001 items with []': formBody('a[]=1&'.repeat(1001)),
    'form 1,001 explicit indices': formBody(Array.from({ length: 1001 }, (_, i) => `a[${i}]=1`).join('&')),
    'form 1,001 repeated plain keys': formBody('a=1&'.repeat(1001)),
    'GET 1,001 items': { url: `/admin/api.php?call=getCurrencies&${AUTH}&${'ids[]=1&'.repeat(1001)}` },
    'JSON list of 1,001 items': jsonBody({ a: Array.from({ length: 1001 }, () => 1) }),
    'JSON list of 200,000 items': jsonBody({ a: Array.from({ length: 200_000 }, () => 0) }),
    'form 300,000 brackets': formBody(`a${'[]'.repeat(300_000)}=1`),
  };
  for (const [name, request] of Object.entries(refused)) {
    const response = await app.inject(request);
    const body = checkAnswer(response);
    t.strictSame(body.error, [TOO_COMPLEX], name);
    t.equal(body.call, 'getCurrencies', `${name}: the envelope still names the call`);
    assertPrototypesClean();
  }
  const accepted: Record<string, InjectOptions> = {
    'form nested to the limit': formBody(`a${'[x]'.repeat(depth)}=1`),
    'JSON nested to the limit': jsonBody({ a: nested(depth) }),
    'form 9,990 keys': formBody(manyKeys(9_990)),
    'form 1,000 items': formBody('a[]=1&'.repeat(1000)),
    'JSON list of 1,000 items': jsonBody({ a: Array.from({ length: 1000 }, () => 1) }),
  };
  for (const [name, request] of Object.entries(accepted)) {
    t.equal(checkAnswer(await app.inject(request), 'getCurrencies').success, true, name);
  }
});

t.test("a list beyond a call's own maximum is refused by its schema, with the parameter named", async (t) => {
  const app = await build(t);
  const ids: Pair[] = Array.from({ length: 1000 }, (_, i): Pair => ['product_ids[]', String((i % 20) + 1)]);
  for (const via of VIAS) {
    const body = await hit(app, via, 'getOtherPopularProducts', [...ids, ['exclude_cat[]', '1']]);
    t.ok(body.success || body.error!.every((e) => e.startsWith('Parameter ')), `${via}: answered`);
  }
});

t.test('over a real socket, a long GET query string is read up to the body limit, and beyond it answers the envelope', async (t) => {
  const app = await build(t, { bodyLimit: 200_000 });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = (extra: number) => `${origin}/admin/api.php?call=getCurrencies&${AUTH}&x=${'a'.repeat(extra)}`;
  const long = await fetch(url(150_000));
  t.equal(long.status, 200);
  t.equal(((await long.json()) as { success: boolean }).success, true, 'a 150 KB query string is read (Node alone stops at 16 KB)');
  const tooLong = await fetch(url(300_000));
  t.equal(tooLong.status, 200);
  const body = (await tooLong.json()) as Record<string, unknown>;
  t.strictSame(body, {
    success: false,
    call: '',
    server_time: body.server_time,
    error: [`Request line and headers are larger than the limit of ${200_000 + 16 * 1024} bytes: send long parameters in a POST body`],
  });
  const after = await fetch(url(10));
  t.equal(((await after.json()) as { success: boolean }).success, true, 'the server keeps serving');
});
