// What the proxy forwards and reads is bounded: only names that look like a
// call go out, an answer is read up to --proxy-max-answer and then dropped, and
// an answer nested however deep is passed on whole, never an internal error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type http from 'node:http';
import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, build, CREDENTIALS, SERVER_TIME } from '../helpers/app.js';
import { tinyServer, upstreamAt } from '../helpers/installation.js';
import type { ProxyOptions } from '../../src/http/proxy.js';
import { messages } from '../../src/errors.js';
import { CALL_NAME_RULE, looksLikeCall, STUB_CALL } from '../../src/lib/call-names.js';
import { DEFAULT_MAX_ANSWER_BYTES, type Upstream } from '../../src/lib/upstream.js';
import { operations } from '../../src/operations/index.js';
import { schemaAt, controlSchemaId } from '../../src/schemas.js';

async function proxyTo(t: Test, upstream: Upstream, options: Partial<ProxyOptions> = {}, lines?: string[]) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines?.push(String(chunk));
      done();
    },
  });
  return build(t, { proxy: { upstream, forward: 'every', writes: false, ...options }, logger: { level: 'info', stream } });
}

async function raw(app: FastifyInstance, call: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ url: `/admin/api.php?${new URLSearchParams({ call, ...CREDENTIALS })}`, headers });
  return { status: response.statusCode, text: response.body };
}

function answering(text: string): http.RequestListener {
  return (request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(text);
    });
  };
}

t.test('one rule for a call name: the stub schema says the same, and every published call is one', async (t) => {
  const call = schemaAt(`${controlSchemaId('stub_spec')}#/properties/call`) as { pattern: string; description: string };
  t.equal(new RegExp(call.pattern).source, STUB_CALL.source, "a call name or a route of the customer's door");
  t.ok(STUB_CALL.test('getInvoices') && STUB_CALL.test('GET /api/service/{id}/vms') && !STUB_CALL.test('GET /admin'));
  t.match(call.description, CALL_NAME_RULE);
  for (const name of Object.keys(operations)) t.ok(looksLikeCall(name), name);
});

t.test('a name that is no call is refused with the error envelope, and the installation is sent nothing', async (t) => {
  const upstream = await tinyServer(t, answering('{"success":true}'));
  const app = await proxyTo(t, upstreamAt(upstream.origin));
  const odd = [
    'getClients\u0000',
    'get Clients',
    '../getClients',
    'getClients/../../admin',
    'getClients\n',
    '1getClients',
    'get-Clients',
    'a'.repeat(65),
  ];
  for (const call of odd) {
    const got = await raw(app, call);
    t.equal(got.status, 200, JSON.stringify(call));
    t.strictSame(JSON.parse(got.text), {
      success: false,
      call,
      server_time: SERVER_TIME,
      error: [messages.proxyCallName(call, CALL_NAME_RULE)],
    });
  }
  t.equal(
    messages.proxyCallName('get Clients', CALL_NAME_RULE),
    `Parameter call must be the name of a call (a letter, then up to 63 letters, digits or _), got "get Clients": billsim's proxy forwards nothing else`,
  );
  t.equal(upstream.hits(), 0, 'nothing reached the installation');
  t.match(await api(app, 'getClients'), { success: true }, 'a call name is forwarded');
  t.equal(upstream.hits(), 1);
});

/**
 * An installation that streams an answer of `total` bytes in 64 KiB pieces,
 * waiting for the reader (and, after the first `pauseAfter` bytes, for
 * `release`); it stops when the connection is dropped.
 */
async function streaming(t: Test, total: number, pauseAfter = Number.POSITIVE_INFINITY) {
  let written = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let paused!: () => void;
  const pausing = new Promise<void>((resolve) => {
    paused = resolve;
  });
  let dropped!: () => void;
  const closed = new Promise<void>((resolve) => {
    dropped = resolve;
  });
  const server = await tinyServer(t, (request, response) => {
    request.resume();
    request.on('end', async () => {
      response.on('close', () => dropped());
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"success":true,"call":"getKBCategoryArticles","server_time":1,"pad":"');
      const piece = Buffer.alloc(64 * 1024, 'a');
      const gone = new Promise((resolve) => response.once('close', resolve));
      for (let i = 0; i < Math.ceil(total / piece.length) && !response.destroyed; i++) {
        if (written >= pauseAfter && written - piece.length < pauseAfter) {
          paused();
          await released;
        }
        written += piece.length;
        if (!response.write(piece)) await Promise.race([new Promise((resolve) => response.once('drain', resolve)), gone]);
      }
      if (!response.destroyed) response.end('"}');
    });
  });
  return { ...server, written: () => written, release, pausing, closed };
}

t.test('an answer over --proxy-max-answer (16 MiB by default) is refused and its connection dropped unread', async (t) => {
  const total = 200 * 2 ** 20;
  const upstream = await streaming(t, total, 2 ** 20);
  const lines: string[] = [];
  const app = await proxyTo(t, upstreamAt(upstream.origin), { forward: 'unknown' }, lines);
  let done = false;
  const big = raw(app, 'getKBCategoryArticles').finally(() => {
    done = true;
  });
  await upstream.pausing;
  // While the installation is part way through its answer, another session is answered.
  const other = await api(app, 'getCurrencies', {}, { session: 'other' });
  t.equal(other.success, true, 'another session answered');
  t.equal(done, false, '...while the large answer was still being read');
  upstream.release();
  const got = await big;
  t.equal(got.status, 502);
  t.strictSame(JSON.parse(got.text), {
    success: false,
    call: 'getKBCategoryArticles',
    server_time: SERVER_TIME,
    error: [messages.proxyAnswerTooLarge(upstream.origin, 'getKBCategoryArticles', DEFAULT_MAX_ANSWER_BYTES)],
  });
  t.match(JSON.parse(got.text).error[0], /larger than 16777216 bytes, the cap --proxy-max-answer sets/);
  await upstream.closed;
  t.ok(upstream.written() < total / 4, `the installation stopped after ${upstream.written()} of ${total} bytes: dropped, not read whole`);
  const [entry] = await app.billsim.control.session().requests();
  t.match(entry, { call: 'getKBCategoryArticles', success: false, error: [/--proxy-max-answer/] });
  t.match(lines.join(''), /"error":"billsim's proxy refused the answer/);
});

t.test(
  'the cap counts bytes: an answer of exactly the cap passes, one byte more is refused, a Content-Length beyond it at once',
  async (t) => {
    const cap = 4096;
    const text = (size: number) => {
      const head = '{"success":true,"pad":"';
      return `${head}${'x'.repeat(size - head.length - 2)}"}`;
    };
    for (const [size, passed] of [
      [cap, true],
      [cap + 1, false],
    ] as const) {
      const upstream = await tinyServer(t, answering(text(size)));
      const app = await proxyTo(t, upstreamAt(upstream.origin, { maxAnswerBytes: cap }));
      const got = await raw(app, 'getClients');
      t.equal(got.status, passed ? 200 : 502, `${size} bytes`);
      if (passed) t.equal(got.text, text(size), 'passed on as it came');
      else t.match(JSON.parse(got.text).error, [messages.proxyAnswerTooLarge(upstream.origin, 'getClients', cap)]);
    }
    // A Content-Length beyond the cap, and a body that never ends: refused from the headers, not after the time-out.
    const announced = await tinyServer(t, (request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(10 * cap) });
      response.write('{"success":true,');
    });
    const app = await proxyTo(t, upstreamAt(announced.origin, { maxAnswerBytes: cap, timeoutMs: 60_000 }));
    const got = await raw(app, 'getClients');
    t.equal(got.status, 502);
    t.strictSame(JSON.parse(got.text).error, [messages.proxyAnswerTooLarge(announced.origin, 'getClients', cap)]);
  },
);

t.test('an answer nested 100,000 deep is passed on whole; --record leaves it out with a warning', async (t) => {
  const depth = 100_000;
  const deep = [
    `{"success":true,"call":"getClients","server_time":1,"tree":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
    `{"success":false,"call":"getClients","server_time":1,"error":${'['.repeat(depth)}${']'.repeat(depth)}}`,
  ];
  for (const text of deep) {
    const upstream = await tinyServer(t, answering(text));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-deep-'));
    t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
    const lines: string[] = [];
    const app = await proxyTo(t, upstreamAt(upstream.origin), { record: dir }, lines);
    const before = fs.readFileSync(path.join(dir, 'stubs.json'), 'utf8');
    const got = await raw(app, 'getClients');
    t.same(got, { status: 200, text }, 'byte for byte');
    const [entry] = await app.billsim.control.session().requests();
    t.equal(entry.proxied, true);
    t.notMatch(JSON.stringify(entry.error), /Internal simulator error/);
    t.equal(fs.readFileSync(path.join(dir, 'stubs.json'), 'utf8'), before, 'nothing recorded');
    t.match(lines.join(''), /not recorded: the answer nests deeper than 64 levels, more than a stub keeps/);
    t.notMatch(lines.join(''), /operation failed/);
  }
});
