// Requests reach billsim two ways: the common ones are answered straight from
// node:http (src/http/direct.ts), the rest and every app.inject() go through
// Fastify's routes. These helpers send one request both ways, to two
// identical apps, so a test can compare the answers byte for byte.
import http from 'node:http';
import { Writable } from 'node:stream';
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { FROZEN_NOW } from './app.js';
import { buildApp, type AppOptions } from '../../src/app.js';

export interface Sent {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

// Set by Node on a socket, absent from inject's simulated response.
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export function overSocket(origin: string, sent: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(sent.url, origin), { method: sent.method, headers: sent.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i].toLowerCase();
          if (!TRANSPORT_HEADERS.has(name)) headers.push([name, res.rawHeaders[i + 1]]);
        }
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString() });
      });
    });
    req.on('error', reject);
    req.end(sent.body);
  });
}

export async function byInject(app: FastifyInstance, sent: Sent): Promise<Answer> {
  const res = await app.inject({ method: sent.method as 'GET', url: sent.url, headers: sent.headers, payload: sent.body });
  const headers = Object.entries(res.headers)
    .filter(([name]) => !TRANSPORT_HEADERS.has(name))
    .map(([name, value]): [string, string] => [name, String(value)]);
  return { status: res.statusCode, headers, body: res.body };
}

/**
 * Two identical apps: one listening (the direct way), one asked by inject (the
 * Fastify route). `viaFastify` lists the API requests (either door) that
 * reached Fastify on the listening app, as "METHOD url".
 */
export async function pair(t: Test, options: AppOptions = {}) {
  const lines = { direct: [] as string[], fastify: [] as string[] };
  const logger = (into: string[]) => ({
    level: 'info',
    stream: new Writable({
      write(chunk, _encoding, done) {
        into.push(String(chunk));
        done();
      },
    }),
  });
  // Built here rather than by the helper's build(), whose inject enters through the direct way too.
  const direct = await buildApp({ now: FROZEN_NOW, ...options, logger: logger(lines.direct) });
  const fastify = await buildApp({ now: FROZEN_NOW, ...options, logger: logger(lines.fastify) });
  t.teardown(() => Promise.all([direct.close(), fastify.close()]));
  const viaFastify: string[] = [];
  direct.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/admin/api.php') || request.url.startsWith('/api')) viaFastify.push(`${request.method} ${request.url}`);
  });
  const origin = await direct.listen({ port: 0, host: '127.0.0.1' });
  return { direct, fastify, origin, viaFastify, lines };
}
