// A user's own installation reached through its Admin API: the one client that
// `billsim import`, `billsim drift` and the proxy share. It knows HTTP, the
// API's form encoding and its envelope, and nothing of billsim's world.
import { isIP } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { maskSecretIn } from './secrets.js';

/** Where and how to reach an installation. */
export interface Upstream {
  /** The API endpoint (…/admin/api.php). */
  url: URL;
  apiId: string;
  apiKey: string;
  /** Time for one attempt, from sending to the whole answer (ms). */
  timeoutMs: number;
  /** Further attempts after a failure that is not the installation's answer (unreachable, time-out, 502-504); reads only. */
  retries: number;
  /** Bytes of one answer read at most (default DEFAULT_MAX_ANSWER_BYTES): a longer one is dropped unread and refused. */
  maxAnswerBytes?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRIES = 2;
/** 16 MiB: far above any catalogue page or list a client reads, far below what would strain the server. */
export const DEFAULT_MAX_ANSWER_BYTES = 16 * 2 ** 20;
/** The wait before the first retry, doubled for each next one. */
export const RETRY_DELAY_MS = 250;

/** Why an installation gave no usable answer; `kind` says which way. */
export type UpstreamFailure = 'usage' | 'unreachable' | 'timeout' | 'html' | 'not-json' | 'too-large';

export class UpstreamError extends Error {
  readonly kind: UpstreamFailure;
  constructor(kind: UpstreamFailure, message: string) {
    super(message);
    this.name = 'UpstreamError';
    this.kind = kind;
  }
}

/** An answer the installation sent: its status, text, and the JSON it holds. */
export interface UpstreamAnswer {
  status: number;
  text: string;
  json: unknown;
}

/**
 * The API endpoint of an installation given as its address: a URL ending in
 * `.php` is taken as it is, any other gets `admin/api.php` after its path
 * (https://billing.example.com and https://billing.example.com/admin/api.php
 * name the same endpoint). Throws a usage UpstreamError for anything else.
 */
export function endpointOf(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UpstreamError(
      'usage',
      `${JSON.stringify(raw)} is not a URL: give the installation's address, such as https://billing.example.com`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UpstreamError('usage', `${raw} is not an http:// or https:// address`);
  }
  if (url.username || url.password) {
    throw new UpstreamError('usage', `${url.host}: give the API credentials with --api-id and --api-key, not in the URL`);
  }
  if (!url.pathname.endsWith('.php')) url.pathname = `${url.pathname.replace(/\/+$/, '')}/admin/api.php`;
  url.search = '';
  url.hash = '';
  return url;
}

/** Whether a host is this machine or a private network's (loopback, 10/8, 172.16/12, 192.168/16, link-local, fc00::/7, .local, .internal). */
export function isPrivateHost(hostname: string): boolean {
  const name = mappedIPv4(hostname.replace(/^\[|\]$/g, '').toLowerCase());
  if (name === 'localhost' || name.endsWith('.localhost') || name.endsWith('.local') || name.endsWith('.internal')) return true;
  if (isIP(name) === 4) {
    const [a, b] = name.split('.').map(Number);
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  if (isIP(name) === 6) return name === '::1' || /^f[cd]/.test(name) || name.startsWith('fe80:');
  return false;
}

/** An IPv4 address written as IPv6 (::ffff:127.0.0.1, or ::ffff:7f00:1 as URL writes it) as that IPv4 address; any other name as it is. */
function mappedIPv4(name: string): string {
  const rest = name.startsWith('::ffff:') ? name.slice(7) : undefined;
  if (rest === undefined) return name;
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(rest);
  if (!hex) return name;
  const [high, low] = [Number.parseInt(hex[1], 16), Number.parseInt(hex[2], 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** The warning for plain http:// to a host that is not loopback or private: the key crosses the network readable. */
export function plainHttpWarning(url: URL): string | undefined {
  if (url.protocol !== 'http:' || isPrivateHost(url.hostname)) return undefined;
  return `${url.origin} is plain http://: the API key crosses the network unencrypted; use https:// unless this network is yours alone`;
}

/**
 * Request parameters as the API's form fields: nested objects and lists under
 * bracket keys (`items[0][qty]`), the way PHP reads them back; values as text,
 * null and undefined left out.
 */
export function bracketEntries(params: Record<string, unknown>): [string, string][] {
  const entries: [string, string][] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (typeof value === 'object') {
      for (const [inner, item] of Object.entries(value)) add(`${key}[${inner}]`, item);
      return;
    }
    entries.push([key, String(value)]);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return entries;
}

/** Request parameters in the API's form encoding (bracketEntries). */
export function formEncode(params: Record<string, unknown>): URLSearchParams {
  return new URLSearchParams(bracketEntries(params));
}

/** `text` with the key replaced however it is spelled (src/lib/secrets.ts), so no message, log or recording carries it. */
export function withoutKey(text: string, upstream: Pick<Upstream, 'apiKey'>): string {
  return maskSecretIn(text, upstream.apiKey);
}

const RETRIED_STATUSES = new Set([502, 503, 504]);

/**
 * One call on the installation: POSTed form-encoded with its credentials.
 * Answers whatever JSON it sends, success or error envelope, at any status.
 * Throws an UpstreamError when there is none: unreachable, timed out, an HTML
 * page (the address is not the API) or other non-JSON. With `retry`, failures
 * that are not an answer (and 502-504) are tried again `retries` times with a
 * doubling wait; a write is sent once, since it may have been carried out.
 */
export async function callUpstream(
  upstream: Upstream,
  call: string,
  params: Record<string, unknown>,
  options: { retry: boolean } = { retry: true },
): Promise<UpstreamAnswer> {
  const body = formEncode({ ...params, call, api_id: upstream.apiId, api_key: upstream.apiKey });
  return withRetries(upstream, call, options.retry, () => attemptCall(upstream, call, body));
}

/** `once` tried again as callUpstream says (`retries` times, doubling waits) when `retry` is on. */
async function withRetries(upstream: Upstream, call: string, retry: boolean, once: () => Promise<UpstreamAnswer>): Promise<UpstreamAnswer> {
  const attempts = retry ? upstream.retries + 1 : 1;
  let failure: UpstreamError | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep(RETRY_DELAY_MS * 2 ** (attempt - 1));
    try {
      const answer = await once();
      if (!RETRIED_STATUSES.has(answer.status) || attempt === attempts - 1) return answer;
      failure = new UpstreamError('unreachable', `${upstream.url.origin} answered ${call} with HTTP ${answer.status}`);
    } catch (error) {
      if (!(error instanceof UpstreamError) || (error.kind !== 'unreachable' && error.kind !== 'timeout')) throw error;
      failure = error;
    }
  }
  throw failure!;
}

/** The answer's text, read as it arrives; beyond `max` bytes the connection is dropped and a too-large UpstreamError thrown. */
async function readCapped(response: Response, max: number, drop: AbortController, where: string, call: string): Promise<string> {
  const tooLarge = () => {
    drop.abort();
    return new UpstreamError('too-large', `${where} answered ${call} with more than ${max} bytes`);
  };
  if (Number(response.headers.get('content-length')) > max) throw tooLarge();
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  // As response.text() decodes: UTF-8, a byte order mark left out.
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}

async function attemptCall(upstream: Upstream, call: string, body: URLSearchParams): Promise<UpstreamAnswer> {
  const init = { method: 'POST', body, headers: { accept: 'application/json' } };
  return attempt(upstream, upstream.url, init, call, 'is this the admin/api.php address?');
}

/**
 * One request and its whole JSON answer, whatever the status; an UpstreamError
 * when there is none. `call` names the request in messages, `hint` follows an
 * HTML page's (what the address should have been).
 */
async function attempt(upstream: Upstream, url: URL, init: RequestInit, call: string, hint: string): Promise<UpstreamAnswer> {
  const where = url.origin + url.pathname;
  const drop = new AbortController();
  // A timer of our own, not AbortSignal.timeout inside AbortSignal.any: Node 20 holds the signals
  // AbortSignal.any combines weakly, so a collection can take the time-out away and a silent
  // installation is then waited on for undici's five minutes.
  const timer = setTimeout(() => drop.abort(new DOMException('timed out', 'TimeoutError')), upstream.timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, redirect: 'manual', signal: drop.signal });
    text = await readCapped(response, upstream.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES, drop, where, call);
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    const err = error as Error & { cause?: Error & { code?: string } };
    if (err.name === 'TimeoutError' || err.name === 'AbortError') {
      throw new UpstreamError('timeout', `${where} did not answer ${call} within ${upstream.timeoutMs} ms`);
    }
    const why = err.cause?.code ?? err.cause?.message ?? err.message;
    throw new UpstreamError('unreachable', withoutKey(`cannot reach ${where}: ${why}`, upstream));
  } finally {
    clearTimeout(timer);
  }
  const { status } = response;
  if (status >= 300 && status < 400) {
    const to = response.headers.get('location') ?? 'elsewhere';
    throw new UpstreamError('html', `${where} redirects to ${withoutKey(to, upstream)}: give the API's own address (it does not redirect)`);
  }
  const type = response.headers.get('content-type') ?? '';
  const trimmed = text.trimStart();
  if (type.includes('text/html') || trimmed.startsWith('<')) {
    throw new UpstreamError('html', `${where} answered ${call} with an HTML page (HTTP ${status}), not the API's JSON: ${hint}`);
  }
  try {
    return { status, text, json: JSON.parse(text) };
  } catch {
    const start = withoutKey(trimmed.slice(0, 80), upstream);
    throw new UpstreamError(
      'not-json',
      `${where} answered ${call} with HTTP ${status} and text that is not JSON: ${JSON.stringify(start)}`,
    );
  }
}

/**
 * Where the installation's User API (the customer's door) answers: beside its
 * Admin API, `/api` in place of `admin/api.php` (https://billing.example.com/admin/api.php
 * -> https://billing.example.com/api); any other `.php` endpoint has its file left out.
 */
export function doorBaseOf(endpoint: URL): URL {
  const url = new URL(endpoint.href);
  url.pathname = `${url.pathname.replace(/\/[^/]*\.php$/, '').replace(/\/admin$/, '')}/api`;
  return url;
}

/** One request of the customer's door as it is sent on: the client's own, credentials included. */
export interface DoorRequest {
  method: string;
  /** The path under /api and the query string as the client sent them: "/service/7/vms?page=2". */
  target: string;
  body?: string;
  contentType?: string;
  /** The client's Authorization header: the installation's token, never billsim's credentials. */
  authorization?: string;
}

/**
 * One request on the installation's User API, with the client's method,
 * query, body, content type and Authorization (the installation's key is not
 * sent: the door has none). Answers whatever JSON it sends, at any status;
 * throws an UpstreamError as callUpstream does, retrying only with `retry`.
 */
export async function callDoor(upstream: Upstream, request: DoorRequest, options: { retry: boolean }): Promise<UpstreamAnswer> {
  const base = doorBaseOf(upstream.url);
  const url = new URL(`${base.href}${request.target}`);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.contentType) headers['content-type'] = request.contentType;
  if (request.authorization) headers.authorization = request.authorization;
  const init: RequestInit = { method: request.method, headers, ...(request.body !== undefined && { body: request.body }) };
  const label = `${request.method} ${base.pathname}${request.target.split('?')[0]}`;
  const hint = "is the installation's User API at this address?";
  return withRetries(upstream, label, options.retry, () => attempt(upstream, url, init, label, hint));
}

/** The errors of an error envelope (`success: false`), or undefined for any other answer. */
export function envelopeErrors(json: unknown): string[] | undefined {
  if (typeof json !== 'object' || json === null || (json as { success?: unknown }).success !== false) return undefined;
  const error = (json as { error?: unknown }).error;
  if (Array.isArray(error)) return error.map(messageText);
  return [typeof error === 'string' ? error : 'the installation refused the call without a message'];
}

/** A door answer's refusal messages: its `error` list, as the User API's refusals carry them (none for any other answer). */
export function doorErrors(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const { error } = body as { error?: unknown };
  if (Array.isArray(error)) return error.map(messageText);
  return typeof error === 'string' && error !== '' ? [error] : [];
}

/** One message of an error list as text; a list or object as its JSON, cut short (String() of a deeply nested list overflows the stack). */
function messageText(message: unknown): string {
  if (typeof message !== 'object' || message === null) return String(message);
  try {
    return JSON.stringify(message).slice(0, 1000);
  } catch {
    return 'a message nested too deeply to show';
  }
}

// What an installation says when the credentials, or the address they come
// from, are refused, rather than one call: billsim's and HostBill's wording.
// ("Access denied: call X is not enabled for this API key" refuses one call.)
const CREDENTIALS_REFUSED = /authenticat|invalid api[ _]?(id|key)|invalid credentials|wrong api/i;

/** Whether an error envelope's messages refuse the credentials themselves (every call would fail). */
export function refusesCredentials(messages: readonly string[]): boolean {
  return messages.some((m) => CREDENTIALS_REFUSED.test(m));
}

/** The keys every answer of the API carries, success or error. */
const ENVELOPE = ['success', 'call', 'server_time'] as const;

/**
 * Whether `json` is the API's envelope: an object whose `success` is true or
 * false and, with `whole`, that names its `call` and `server_time` too (the
 * first answer of an installation must: a JSON 404 or another API is not one).
 */
export function isEnvelope(json: unknown, whole = false): boolean {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const answer = json as Record<string, unknown>;
  if (typeof answer.success !== 'boolean') return false;
  return !whole || ENVELOPE.every((key) => answer[key] !== undefined);
}

/**
 * The one line for a first answer that is not the API's envelope: the address
 * and what came back, so a wrong path or another service is told from an
 * installation before anything is trusted.
 */
export function notTheApi(upstream: Upstream, call: string, answer: UpstreamAnswer): string {
  const where = upstream.url.origin + upstream.url.pathname;
  const start = withoutKey(answer.text.trim().slice(0, 200), upstream);
  return `${where} answered ${call} with HTTP ${answer.status} and JSON that is not the API's envelope (${ENVELOPE.join(', ')}): ${JSON.stringify(start)}; is this the installation's address (its admin/api.php)?`;
}
