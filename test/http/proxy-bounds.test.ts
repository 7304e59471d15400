// What the proxy forwards and reads is bounded: only names that look like a
// call go out, an answer is read up to --proxy-max-answer and then dropped, and
// an answer nested however deep is passed on whole, never an internal error.
import { Writable } from 'node:stream';
import type http from 'node:http';
import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, build, CREDENTIALS, SERVER_TIME } from '../helpers/app.js';
import { tinyServer, upstreamAt } from '../helpers/installation.js';
import type { ProxyOptions } from '../../src/http/proxy.js';
import { messages } from '../../src/errors.js';
import { CALL_NAME, CALL_NAME_RULE, looksLikeCall } from '../../src/lib/call-names.js';
import type { Upstream } from '../../src/lib/upstream.js';
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
  t.equal(call.pattern, CALL_NAME.source);
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
