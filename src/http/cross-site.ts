// What keeps a web page the user happens to visit from driving the control
// routes: a browser sends a "simple" request (GET, or a POST of text/plain or a
// form, no custom header) to any origin without asking first, and reading
// /__billsim/state or posting /__billsim/reset?all=1 needs nothing more.
// - Control requests that name another origin (Origin header) are refused
//   unless that origin is allowed: the server's own, loopback origins while
//   --cors is the default "*", else only the origins --cors lists.
// - Control requests that change state must carry what a page cannot send
//   without a preflight: a JSON body, or a header of billsim's own.
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../errors.js';
import { API_PATH, SESSION_HEADER } from './endpoint.js';
import { isLoopbackName } from './hosts.js';
import { USERAPI_PREFIX } from './userapi-routes.js';

export const CONTROL_HEADER = 'x-billsim-control';
const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function loopbackOrigin(url: URL): boolean {
  const name = url.hostname.replace(/^\[|\]$/g, '');
  return isLoopbackName(name) || name === '::1' || (isIP(name) === 4 && name.startsWith('127.'));
}

/** The Host header as the origin's URL would spell it (lower case, its scheme's default port left out). */
function sameScheme(origin: URL, host: string): string | undefined {
  try {
    return new URL(`${origin.protocol}//${host}`).host;
  } catch {
    return undefined;
  }
}

/**
 * Whether a control request from `origin` may be answered: no Origin (curl, a
 * Node client, a same-origin GET), the server's own origin, or an allowed one.
 */
export function controlOriginAllowed(origin: string | undefined, host: string | undefined, cors: true | readonly string[]): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (a sandboxed frame, a file) and anything else that names no origin
  }
  if (host !== undefined && url.host === sameScheme(url, host)) return true;
  if (cors === true || cors.includes('*')) return loopbackOrigin(url);
  return cors.includes(origin);
}

/**
 * Whether a request to the API may come from `origin` while --proxy is on: a
 * page's origin could otherwise read (and with --proxy-writes change) the
 * user's installation with the public bundled key. What the control routes
 * take, and loopback origins whatever --cors lists; never any other ("*" too
 * means loopback origins only).
 */
export function proxiedOriginAllowed(origin: string | undefined, host: string | undefined, cors: true | readonly string[]): boolean {
  if (controlOriginAllowed(origin, host, cors)) return true;
  try {
    return loopbackOrigin(new URL(origin!));
  } catch {
    return false;
  }
}

/** The origins CORS grants, as given to @fastify/cors: any (true), a list, or a rule. */
export type CorsOrigins = true | readonly string[] | ((origin: string) => boolean);

/** Whether the CORS answer grants `origin`. */
export function corsGrants(origins: CorsOrigins, origin: string): boolean {
  if (origins === true) return true;
  return typeof origins === 'function' ? origins(origin) : origins.includes(origin);
}

/** What the API's CORS grants: --cors as given; with --proxy, only the origins proxiedOriginAllowed takes. */
export function apiOrigins(cors: true | readonly string[], proxy: boolean): CorsOrigins {
  return proxy ? (origin) => proxiedOriginAllowed(origin, undefined, cors) : cors;
}

/**
 * With --proxy, refuses a preflight to the API (both doors) from an origin it does not
 * take (403, no CORS or Private Network Access grant). The requests
 * themselves are refused by the endpoint, before anything is forwarded.
 * Registered before the CORS plugin, which would answer the preflight.
 */
export function registerProxiedOrigins(app: FastifyInstance, cors: true | readonly string[]): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'OPTIONS') return;
    const path = request.url.split('?')[0];
    if (path !== API_PATH && path !== USERAPI_PREFIX && !path.startsWith(`${USERAPI_PREFIX}/`)) return;
    const { origin, host } = request.headers;
    if (!proxiedOriginAllowed(origin, host, cors)) return reply.status(403).send({ error: messages.proxyOriginRefused(origin!) });
  });
}

/** Whether a state-changing request carries what only a preflighted (or non-browser) request can. */
export function preflightProof(headers: FastifyRequest['headers']): boolean {
  const type = headers['content-type'];
  if (type !== undefined && type.split(';')[0].trim().toLowerCase() === 'application/json') return true;
  return headers[SESSION_HEADER] !== undefined || headers.authorization !== undefined || headers[CONTROL_HEADER] !== undefined;
}

/** The refusal of a page's origin, saying how to allow it. */
export function originRefusal(origin: string, cors: true | readonly string[]): string {
  const shown = origin.slice(0, 200);
  const who =
    cors === true
      ? 'its own origin and loopback origins such as http://localhost:3000'
      : 'its own origin and the origins given with --cors';
  const fix = cors === true ? `start billsim with --cors ${shown}` : `add ${shown} to --cors`;
  return `Control requests from ${shown} are refused: billsim takes them from ${who}. To allow this origin, ${fix}`;
}

/** The refusal of a state change that a page could have sent unasked. */
export function proofRefusal(method: string, path: string): string {
  return (
    `${method} ${path.slice(0, 200)} changes state: send a JSON body with Content-Type: application/json, ` +
    `or the header ${CONTROL_HEADER}: 1 (${SESSION_HEADER} or Authorization do too), so that no web page can send it unasked`
  );
}

/**
 * Refuses control requests (preflights included) from origins that are not
 * allowed. Registered before the CORS plugin, which would grant a preflight.
 */
export function registerControlOrigins(app: FastifyInstance, prefix: string, cors: true | readonly string[]): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const { url } = request;
    if (!url.startsWith(prefix) || (url.length > prefix.length && url[prefix.length] !== '/' && url[prefix.length] !== '?')) return;
    const { origin, host } = request.headers;
    if (!controlOriginAllowed(origin, host, cors)) return reply.status(403).send({ error: originRefusal(origin!, cors) });
  });
}

/**
 * Refuses state changes under the control prefix that carry neither a JSON
 * body nor a header of billsim's own. A body of another type is left to the
 * control routes' parser, which refuses every one but an empty one (415).
 */
export function registerPreflightProof(control: FastifyInstance): void {
  control.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // Unknown routes and wrong methods change nothing: they get their 404 or 405.
    if (!CHANGES.has(request.method) || request.is404 || preflightProof(request.headers)) return;
    if (Number(request.headers['content-length']) > 0) return;
    return reply.status(400).send({ error: proofRefusal(request.method, request.url.split('?')[0]) });
  });
}
