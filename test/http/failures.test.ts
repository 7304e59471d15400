// A failure below the envelope must look, to a real client on a real socket,
// like the failure it rehearses. Each failure is written three ways: by the
// writer on a bare node:http server, by the direct path's write() and by the
// Fastify route's sendOutcome(), and read by fetch and by node:http.
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import Fastify from 'fastify';
import cors from '@fastify/cors';
import { sendOutcome, type Outcome } from '../../src/http/endpoint.js';
import { write } from '../../src/http/direct.js';
import { BAD_GATEWAY_HTML, writeFailure, type Failure, type FailureSpec } from '../../src/http/failures.js';

const ORIGIN = 'https://shop.example.com';
const SLOW_MS = 150;
// Timers may fire a millisecond early; the body must not arrive well before its time.
const EARLY = 10;

const clients = Array.from({ length: 12 }, (_, i) => ({ id: String(i + 1), firstname: i === 3 ? 'Zoë' : `Client ${i + 1}` }));
const JSON_TEXT = JSON.stringify({ success: true, call: 'getClients', server_time: 1767225600, clients });

/** An outcome as the endpoint makes one: the html failure's status is 502 unless its stub gives another. */
function outcome(failure: FailureSpec): Outcome {
  return { status: failure.kind === 'html' ? 502 : 200, json: JSON_TEXT, success: true, errors: [], failure };
}

const spec = (kind: Failure): FailureSpec => (kind === 'slow' ? { kind, delayMs: SLOW_MS } : { kind });

async function listen(t: Test, listener: RequestListener): Promise<string> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/admin/api.php?call=getClients`;
}

/** The three ways a failure is written, each on a real server. */
const ways: Record<string, (t: Test, failure: FailureSpec) => Promise<string>> = {
  writer: (t, failure) =>
    listen(t, (_req, res) => writeFailure(res, failure, JSON_TEXT, { vary: 'Origin', 'access-control-allow-origin': ORIGIN })),
  direct: (t, failure) => listen(t, (req, res) => write(req, res, outcome(failure), [ORIGIN])),
  fastify: async (t, failure) => {
    const app = Fastify();
    await app.register(cors, { origin: [ORIGIN] });
    app.get('/admin/api.php', async (_request, reply) => sendOutcome(reply, outcome(failure)));
    t.teardown(() => app.close());
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    return `${origin}/admin/api.php?call=getClients`;
  },
};

interface Seen {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
  /** The body's pieces as they arrived, and when the last one did (ms after the request). */
  pieces: number;
  ms: number;
}

async function byFetch(url: string): Promise<Seen> {
  const started = performance.now();
  const res = await fetch(url, { headers: { origin: ORIGIN } });
  let pieces = 0;
  const chunks: Uint8Array[] = [];
  const reader = res.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    pieces++;
    chunks.push(read.value);
  }
  const headers = Object.fromEntries(res.headers.entries());
  return { status: res.status, headers, body: Buffer.concat(chunks).toString(), pieces, ms: performance.now() - started };
}

function byHttp(url: string): Promise<Seen> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { origin: ORIGIN }, agent: false }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const headers = res.headers as Record<string, string | undefined>;
        const body = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, headers, body, pieces: chunks.length, ms: performance.now() - started });
      });
    });
    req.on('error', reject);
  });
}

const readers = { fetch: byFetch, 'node:http': byHttp };

function notJson(text: string): boolean {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

/** What each failure must look like once it arrived. */
const expected: Record<Exclude<Failure, 'reset'>, (t: Test, seen: Seen) => void> = {
  empty: (t, seen) => {
    t.equal(seen.status, 200);
    t.equal(seen.headers['content-length'], '0');
    t.equal(seen.headers['content-type'], undefined, 'no content type');
    t.equal(seen.body, '');
  },
  malformed: (t, seen) => {
    t.equal(seen.status, 200);
    t.equal(seen.headers['content-type'], 'application/json; charset=utf-8');
    t.ok(seen.body.startsWith(JSON_TEXT.slice(0, 100)), 'begins as the answer did');
    t.match(seen.body, /<b>Fatal error<\/b>/);
    t.ok(notJson(seen.body), 'is not JSON');
    t.equal(seen.headers['content-length'], String(Buffer.byteLength(seen.body)));
  },
  html: (t, seen) => {
    t.equal(seen.status, 502);
    t.equal(seen.headers['content-type'], 'text/html');
    t.equal(seen.body, BAD_GATEWAY_HTML);
  },
  slow: (t, seen) => {
    t.equal(seen.status, 200);
    t.equal(seen.headers['content-type'], 'application/json; charset=utf-8');
    t.equal(seen.headers['content-length'], String(Buffer.byteLength(JSON_TEXT)));
    t.equal(seen.body, JSON_TEXT, 'the whole answer');
    t.ok(seen.pieces >= 3, `in several pieces (${seen.pieces})`);
    t.ok(seen.ms >= SLOW_MS - EARLY, `not before its time (${Math.round(seen.ms)} ms)`);
  },
};

for (const [way, serve] of Object.entries(ways)) {
  t.test(`${way}: reset closes the connection without an answer`, async (t) => {
    const url = await serve(t, { kind: 'reset' });
    await t.rejects(fetch(url), { name: 'TypeError', message: 'fetch failed' }, 'fetch');
    await t.rejects(byHttp(url), { code: 'ECONNRESET' }, 'node:http');
  });

  for (const [kind, check] of Object.entries(expected)) {
    t.test(`${way}: ${kind}`, async (t) => {
      const url = await serve(t, spec(kind as Failure));
      for (const [name, read] of Object.entries(readers)) {
        await t.test(name, async (t) => {
          const seen = await read(url);
          check(t, seen);
          t.equal(seen.headers['access-control-allow-origin'], ORIGIN, 'with the answer’s CORS headers');
        });
      }
    });
  }
}

t.test('a client that goes away stops the drip', async (t) => {
  let closed: () => void;
  const gone = new Promise<void>((resolve) => {
    closed = resolve;
  });
  let writesAfterClose = 0;
  const url = await listen(t, (_req, res: ServerResponse) => {
    const send = res.write.bind(res);
    res.write = ((...args: Parameters<typeof res.write>) => {
      if (res.destroyed) writesAfterClose++;
      return send(...args);
    }) as typeof res.write;
    res.on('close', () => closed());
    writeFailure(res, { kind: 'slow', delayMs: 500 }, JSON_TEXT);
  });
  const timers = () => process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;
  const before = timers();
  await new Promise<void>((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      // The first piece is there: hang up mid-answer.
      res.once('data', () => {
        req.destroy();
        resolve();
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
  await gone;
  await new Promise((resolve) => setImmediate(resolve));
  t.ok(timers() <= before, 'no timer is left behind');
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.equal(writesAfterClose, 0, 'no piece is written once the client is gone');
});

t.test('slow is bounded and keeps a status that carries no body empty', async (t) => {
  const url = await listen(t, (req, res) => {
    const status = req.url?.includes('204') ? 204 : 200;
    writeFailure(res, { kind: 'slow', delayMs: status === 204 ? 50 : -5 }, JSON_TEXT, {}, status);
  });
  const negative = await byHttp(url);
  t.equal(negative.body, JSON_TEXT, 'a negative delay sends at once');
  const noContent = await byHttp(`${url}&204`);
  t.equal(noContent.status, 204);
  t.equal(noContent.body, '');
});
