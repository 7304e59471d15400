// Helpers for the customer's door (/api/...): log in, call a route in any of
// the encodings clients use, and check an answer against the route's schema.
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { userApiAnswerValidator } from '../../src/schemas.js';
import { strictValidator, SCHEMA_BASE } from '../../src/schemas.js';

/** Every bundled client and contact logs in with this password. */
export const CLIENT_PASSWORD = 'billsim-client';
export const ALICE = 'alice@morgan-design.com';
/** Alice's contact Tom (client 10 of client 1). */
export const TOM = 'tom.reed@morgan-design.com';
/** Grace (client 7) has two-factor authentication on (fixtures/default/client_mfa.json). */
export const GRACE = 'grace@graceliu.io';
export const GRACE_TOTP_SECRET = 'GRACELIUBILLSIMTOTPSECRET234567A';

export type DoorEncoding = 'query' | 'json' | 'form';

export interface DoorOptions {
  /** A bearer token (JWT or personal token). */
  token?: string;
  /** HTTP Basic e-mail and password. */
  basic?: [string, string];
  session?: string;
  /** How input goes: in the query string, a JSON body or a urlencoded form (default: query for GET and DELETE, json otherwise). */
  via?: DoorEncoding;
  headers?: Record<string, string>;
}

export interface DoorAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, unknown>;
}

function formOf(input: Record<string, unknown>): string {
  const out = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) add(`${key}[${i}]`, v);
    } else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else out.append(key, String(value));
  };
  for (const [key, value] of Object.entries(input)) add(key, value);
  return out.toString();
}

/** Calls a route of the door: `door(app, 'GET', '/invoice/12', {}, { token })`. */
export async function door(
  app: FastifyInstance,
  method: string,
  path: string,
  input: Record<string, unknown> = {},
  options: DoorOptions = {},
): Promise<DoorAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.basic) headers.authorization = `Basic ${Buffer.from(options.basic.join(':')).toString('base64')}`;
  if (options.session) headers['x-billsim-session'] = options.session;
  const via = options.via ?? (method === 'GET' || method === 'DELETE' ? 'query' : 'json');
  let url = `/api${path}`;
  let payload: string | undefined;
  if (via === 'query') {
    const query = formOf(input);
    if (query) url += `?${query}`;
  } else if (via === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = formOf(input);
  } else {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(input);
  }
  const response = await app.inject({ method: method as 'GET', url, headers, ...(payload !== undefined && { payload }) });
  return { status: response.statusCode, body: response.json() as Record<string, unknown>, headers: response.headers };
}

/** Logs in with e-mail and password (the bundled one by default) and answers the access token. */
export async function login(app: FastifyInstance, email: string, options: { password?: string; session?: string } = {}): Promise<string> {
  const { body } = await door(
    app,
    'POST',
    '/login',
    { username: email, password: options.password ?? CLIENT_PASSWORD },
    { session: options.session },
  );
  if (typeof body.token !== 'string') throw new Error(`login of ${email} failed: ${JSON.stringify(body)}`);
  return body.token;
}

/** Logs in and answers both tokens. */
export async function loginTokens(app: FastifyInstance, email: string, session?: string): Promise<{ token: string; refresh: string }> {
  const { body } = await door(app, 'POST', '/login', { username: email, password: CLIENT_PASSWORD }, { session });
  if (typeof body.token !== 'string') throw new Error(`login of ${email} failed: ${JSON.stringify(body)}`);
  return { token: body.token, refresh: body.refresh as string };
}

/** Asserts HTTP 200 and an answer that matches route `name`'s answer schema exactly; answers the body. */
export function assertAnswer(t: Test, answer: DoorAnswer, name: string): Record<string, unknown> {
  t.equal(answer.status, 200, `${name} answers 200${answer.body.error ? `: ${JSON.stringify(answer.body.error)}` : ''}`);
  const check = userApiAnswerValidator(name);
  t.ok(check(answer.body), `${name} answer matches its schema: ${JSON.stringify(check.errors ?? [])}`);
  return answer.body;
}

/** Asserts a refusal: this status and exactly these messages. */
export function assertRefused(t: Test, answer: DoorAnswer, status: number, messages: string[]): void {
  t.equal(answer.status, status, `refused with HTTP ${status}`);
  t.strictSame(answer.body, { error: messages });
  const check = userApiErrorValidator();
  t.ok(check(answer.body), "the refusal matches the door's error schema");
}

function userApiErrorValidator() {
  return strictValidator(`${SCHEMA_BASE}userapi/defs.json#/definitions/error`);
}
