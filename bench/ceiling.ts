// The reference servers billsim is measured against, on the same path:
// - (no flag) bare Fastify answering a constant small JSON object: the same
//   framework and body parser as billsim, none of its work;
// - --answers FILE (a JSON object of answers by call name): bare Fastify
//   answering each call with billsim's own answer, recorded once, with
//   `reply.send(object)`, so the bytes on the wire are the same;
// - --answers FILE --node: bare node:http sending those answers as bytes
//   serialized once at start-up. It reads the request and its body, finds
//   `call`, and writes the bytes with the headers billsim sends: the most any
//   server on Node can do for the same answer on this machine (the limit the
//   targets are judged against).
// - --answers FILE --node --fresh: the same node:http server doing the least
//   a stateful mutation does on Node: each request replaces the call's record
//   by a changed copy (kept, as a store keeps it) and serializes the answer
//   again, as new bytes. bench/mutation-floor.ts compares it with --node.
import fs from 'node:fs';
import http from 'node:http';
import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import { parseArgs } from 'node:util';

const PATH = '/admin/api.php';
const answer = { success: true, call: 'getCurrencies', server_time: 0 };
// --spin-us N burns N microseconds of CPU per request: shows how much any
// per-request work costs against this ceiling (see bench/README.md).
const { values } = parseArgs({
  options: { 'spin-us': { type: 'string' }, answers: { type: 'string' }, node: { type: 'boolean' }, fresh: { type: 'boolean' } },
});
const answers: Record<string, object> | undefined = values.answers ? JSON.parse(fs.readFileSync(values.answers, 'utf8')) : undefined;
const spinMs = Number(values['spin-us'] ?? 0) / 1000;
const spin = () => {
  const until = performance.now() + spinMs;
  while (spinMs > 0 && performance.now() < until);
};

function listening(address: string): void {
  process.stdout.write(`ceiling listening on ${address}${PATH}\n`);
}

async function fastify(): Promise<void> {
  const app = Fastify({ logger: false });
  await app.register(formbody);
  app.route({
    method: ['GET', 'POST'],
    url: PATH,
    handler: async (request) => {
      spin();
      if (!answers) return answer;
      const params = (request.method === 'GET' ? request.query : request.body) as { call?: string };
      return answers[params.call ?? ''] ?? answer;
    },
  });
  listening(await app.listen({ port: 0, host: '127.0.0.1' }));
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

function node(): void {
  const bytes = new Map<string, Buffer>();
  for (const [call, body] of Object.entries(answers ?? {})) bytes.set(call, Buffer.from(JSON.stringify(body)));
  const fallback = Buffer.from(JSON.stringify(answer));
  // --fresh: each call's answer as a store keeps a record, replaced by a changed copy on every request.
  const kept = new Map<string, Record<string, unknown>>(Object.entries((answers ?? {}) as Record<string, Record<string, unknown>>));
  let changes = 0;
  const freshBytes = (call: string): Buffer | undefined => {
    const before = kept.get(call);
    if (!before) return undefined;
    // A new object for the answer and for each record in it (one level), a field changed, frozen as billsim keeps rows.
    const after: Record<string, unknown> = { ...before, server_time: ++changes };
    for (const [key, value] of Object.entries(before))
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) after[key] = Object.freeze({ ...value });
    kept.set(call, Object.freeze(after));
    return Buffer.from(JSON.stringify(after));
  };
  const reply = (res: http.ServerResponse, params: string) => {
    spin();
    const call = new URLSearchParams(params).get('call') ?? '';
    const body = (values.fresh ? freshBytes(call) : bytes.get(call)) ?? fallback;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  };
  const server = http.createServer((req, res) => {
    const url = req.url ?? '';
    const at = url.indexOf('?');
    if ((at < 0 ? url : url.slice(0, at)) !== PATH) {
      res.writeHead(404).end();
      return;
    }
    if (req.method !== 'POST') return reply(res, at < 0 ? '' : url.slice(at + 1));
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => reply(res, body));
  });
  // The keep-alive time Fastify uses, so connections live as long as with the other servers.
  server.keepAliveTimeout = 72_000;
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    listening(`http://127.0.0.1:${port}`);
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

if (values.node) node();
else await fastify();
