// "The user's installation" for proxy tests: a second billsim in this process,
// listening on 127.0.0.1 with its own world (another first client, another
// clock, its own credentials), or a tiny node:http server answering as told.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { endpointOf, type Upstream } from '../../src/lib/upstream.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import type { Collections } from '../../src/generated/wire.js';

export const UPSTREAM_ID = 'installation-id';
export const UPSTREAM_KEY = 'installation-KEY-7f3c9a';
/** The installation's clock: a day other than billsim's, so its server_time tells its answers apart. */
export const UPSTREAM_NOW = new Date('2026-06-01T09:30:00Z');

/** A company name with template braces: a recording must replay it as it is. */
export const BRACED_COMPANY = 'Morgan {{Design}} \\{{#if}} Studio';

/** The bundled world with its first client renamed, so an answer shows which world gave it. */
export function installationWorld(): Collections {
  const world = loadFixtures(defaultFixturesDir);
  const renamed = { firstname: 'Upstreamia', companyname: BRACED_COMPANY };
  return { ...world, clients: world.clients.map((c) => (c.id === '1' ? { ...c, ...renamed } : c)) };
}

/** The upstream at `origin`; a test of a time-out sets its own, the rest wait long enough for any machine's load. */
export function upstreamAt(origin: string, options: Partial<Upstream> = {}): Upstream {
  return { url: endpointOf(origin), apiId: UPSTREAM_ID, apiKey: UPSTREAM_KEY, timeoutMs: 30_000, retries: 0, ...options };
}

/** A billsim listening on 127.0.0.1:0 as the installation; closed when the test ends. */
export async function installation(t: Test): Promise<{ app: FastifyInstance; upstream: Upstream }> {
  const app = await buildApp({ data: installationWorld(), now: UPSTREAM_NOW, credentials: { apiId: UPSTREAM_ID, apiKey: UPSTREAM_KEY } });
  t.teardown(() => app.close());
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, upstream: upstreamAt(origin) };
}

/** Calls the installation directly with its own credentials, as the proxy would: its status and text. */
export async function direct(upstream: Upstream, call: string, params: Record<string, string> = {}) {
  const body = new URLSearchParams({ ...params, call, api_id: upstream.apiId, api_key: upstream.apiKey });
  const response = await fetch(upstream.url, { method: 'POST', body });
  return { status: response.status, text: await response.text() };
}

/** A node:http server answering every request with `handler`; closed when the test ends. */
export async function tinyServer(t: Test, handler: http.RequestListener): Promise<{ origin: string; hits: () => number }> {
  let hits = 0;
  const server = http.createServer((request, response) => {
    hits++;
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, hits: () => hits };
}

/** What a hostile installation sends instead of an answer: a body with its status and type, or nothing ever ("hang"). */
export type Altered = { status?: number; type?: string; body: string } | 'hang';

/**
 * An installation as real ones are: `upstream` (a billsim playing it) behind a
 * node:http server that sends each request on and lets `alter` change the
 * answer of some calls (another shape, a page, no answer at all).
 */
export async function messyInstallation(
  t: Test,
  upstream: Upstream,
  alter: (call: string, answer: Record<string, unknown>) => Altered | undefined,
): Promise<{ origin: string; sent: string[] }> {
  const sent: string[] = [];
  const { origin } = await tinyServer(t, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString();
      const call = new URLSearchParams(body).get('call') ?? '';
      sent.push(call);
      const answer = await fetch(upstream.url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }).catch(() => undefined);
      // The test ended while this request was on its way.
      if (!answer) return response.destroy();
      const text = await answer.text();
      const altered = alter(call, JSON.parse(text));
      // A request left unanswered: the server's teardown closes it.
      if (altered === 'hang') return;
      response.writeHead(altered?.status ?? answer.status, { 'content-type': altered?.type ?? 'application/json' });
      response.end(altered?.body ?? text);
    });
  });
  return { origin, sent };
}

/** A server that is no installation: every path answers `status` with `body` of `type` (a JSON 404, a login page). */
export async function notAnInstallation(t: Test, status: number, type: string, body: string): Promise<string> {
  const { origin } = await tinyServer(t, (_request, response) => {
    response.writeHead(status, { 'content-type': type });
    response.end(body);
  });
  return origin;
}
