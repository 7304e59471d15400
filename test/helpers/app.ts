// Shared test helpers: build an app per test, call the API through any
// encoding, and check answers against the call's result schema.
import type { RequestListener } from 'node:http';
import type { Test } from 'tap';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject as injectInto } from 'light-my-request';
import { buildApp, type AppOptions } from '../../src/app.js';
import type { CollectionName, View, World } from '../../src/store/world.js';
import type { ReadContext } from '../../src/operations/operation.js';
import { resultValidator } from '../../src/schemas.js';
import { strictValidator, SCHEMA_BASE } from '../../src/schemas.js';

export const CREDENTIALS = { api_id: 'billsim', api_key: 'billsim-secret' };
export const FROZEN_NOW = new Date('2026-11-20T12:00:00Z');

export type Encoding = 'get' | 'form' | 'multipart' | 'json';
export const ENCODINGS: Encoding[] = ['get', 'form', 'multipart'];

/** Flat wire parameters: bracket keys as they go over the wire, repeated keys as arrays. */
export type WireParams = Record<string, string | string[]>;
export type Body = Record<string, unknown> & { success: boolean; call: string; server_time: number };

/**
 * Builds an app whose `inject` enters through the request listener production
 * serves (src/http/direct.ts answers the common API requests itself and hands
 * the rest to Fastify), so HTTP tests exercise what users hit.
 * test/http/direct.test.ts compares that path with Fastify's own route.
 */
export async function build(t: Test, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = await buildApp({ now: FROZEN_NOW, ...options });
  t.teardown(() => app.close());
  await app.ready();
  throughProductionDoor(app);
  return app;
}

/** Points `app.inject` at the server's own request listener; `app.inject` of Fastify would go to its router. */
export function throughProductionDoor(app: FastifyInstance): void {
  const [listener] = app.server.listeners('request') as RequestListener[];
  app.inject = ((options: InjectOptions | string) => injectInto(listener, options)) as FastifyInstance['inject'];
}

function pairs(params: WireParams): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : [value]) out.push([key, v]);
  }
  return out;
}

function multipartBody(list: Array<[string, string]>): { payload: string; boundary: string } {
  const boundary = '----billsimtestboundary';
  const parts = list.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return { payload: `${parts.join('')}--${boundary}--\r\n`, boundary };
}

export interface CallOptions {
  via?: Encoding;
  session?: string;
  credentials?: Record<string, string> | null;
  headers?: Record<string, string>;
}

/** Calls the API and returns the parsed JSON body (asserting HTTP 200 JSON). */
export async function api(app: FastifyInstance, call: string, params: WireParams = {}, options: CallOptions = {}): Promise<Body> {
  const all = { call, ...(options.credentials === null ? {} : (options.credentials ?? CREDENTIALS)), ...params };
  const list = pairs(all as WireParams);
  const headers: Record<string, string> = { ...options.headers };
  if (options.session) headers['x-billsim-session'] = options.session;
  const via = options.via ?? 'get';
  let response: Awaited<ReturnType<typeof app.inject>>;
  if (via === 'get') {
    response = await app.inject({ method: 'GET', url: `/admin/api.php?${new URLSearchParams(list)}`, headers });
  } else if (via === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    response = await app.inject({ method: 'POST', url: '/admin/api.php', payload: new URLSearchParams(list).toString(), headers });
  } else if (via === 'multipart') {
    const { payload, boundary } = multipartBody(list);
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    response = await app.inject({ method: 'POST', url: '/admin/api.php', payload, headers });
  } else {
    headers['content-type'] = 'application/json';
    response = await app.inject({ method: 'POST', url: '/admin/api.php', payload: JSON.stringify(all), headers });
  }
  if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
  return response.json() as Body;
}

/** Calls the API with a JSON body whose values keep their JSON types (numbers, not digits in strings), as a JSON client sends them. */
export async function apiJson(app: FastifyInstance, call: string, values: Record<string, unknown>): Promise<Body> {
  const response = await app.inject({
    method: 'POST',
    url: '/admin/api.php',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ call, ...CREDENTIALS, ...values }),
  });
  if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
  return response.json() as Body;
}

/** The call's own fields: the body without the envelope. */
export function resultOf(body: Body): Record<string, unknown> {
  const { success, call, server_time, ...rest } = body;
  void success;
  void call;
  void server_time;
  return rest;
}

/** Asserts a successful answer whose fields match the call's result schema exactly. */
export function assertSuccess(t: Test, body: Body, call: string): Record<string, unknown> {
  t.equal(body.success, true, `${call} succeeds${body.error ? `: ${JSON.stringify(body.error)}` : ''}`);
  t.equal(body.call, call);
  t.type(body.server_time, 'number');
  const check = resultValidator(call);
  const result = resultOf(body);
  delete result.info;
  t.ok(check(result), `${call} result matches its schema: ${JSON.stringify(check.errors ?? [])}`);
  const envelope = strictValidator(`${SCHEMA_BASE}common/envelope.json`);
  t.ok(envelope(body), 'envelope matches');
  return resultOf(body);
}

/** Asserts the error envelope with exactly these messages. */
export function assertError(t: Test, body: Body, call: string, messages: string[]): void {
  t.strictSame(body, { success: false, call, server_time: body.server_time, error: messages });
  t.type(body.server_time, 'number');
}

/** Calls through GET, urlencoded POST and multipart POST and asserts identical answers. */
export async function sameEverywhere(t: Test, app: FastifyInstance, call: string, params: WireParams): Promise<Body> {
  const bodies: Body[] = [];
  for (const via of ENCODINGS) bodies.push(await api(app, call, params, { via }));
  for (let i = 1; i < bodies.length; i++) t.strictSame(bodies[i], bodies[0], `${ENCODINGS[i]} answers as GET does`);
  return bodies[0];
}

/** The whole stored state of a session as JSON, to prove a failed call changed nothing. */
export function storeJson(app: FastifyInstance, session = 'default'): string {
  return JSON.stringify(app.billsim.sessions.get(session).world.snapshot());
}

/** Makes reading the whole of `collection` throw, so a test shows a call finds its rows through an index. */
export function noScanOf(world: World, collection: CollectionName): void {
  const all = world.all.bind(world);
  world.all = ((name: CollectionName) => {
    if (name === collection) throw new Error(`scanned the whole ${collection} table`);
    return all(name);
  }) as World['all'];
}

/** The context a read call runs with, for tests that run an operation directly: the frozen clock and the default key (api_access 1). */
export function readContext(world: View, now = FROZEN_NOW): ReadContext {
  return { world, now, caller: world.get('api_access', '1')! };
}

/** `server_time` of every answer on the frozen clock, as published answers are compared whole. */
export const SERVER_TIME = Math.floor(FROZEN_NOW.getTime() / 1000);
