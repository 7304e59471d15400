import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DoorError, messages } from '../errors.js';
import type { Session } from '../session/sessions.js';
import { redact } from '../session/journal.js';
import { JSON_TYPE, type Outcome, type RequestLog } from './endpoint.js';
import { assertParsed, mergeParams, parseParams, type Params } from './params.js';
import { credentialsOf, doorSession } from './userapi-callers.js';
import { type Match, matchRoute, USERAPI_PREFIX } from './userapi-routes.js';
import { writeFailure } from './failures.js';
import { formEncode, type DoorRequest } from '../lib/upstream.js';
import { answerInFull, answerNow, type DoorDeps, type DoorOutcome, refusal } from './userapi-answer.js';

export type { DoorDeps } from './userapi-answer.js';

// The customer's door: HostBill's User API (/api/<route>) over the same
// sessions, gate and world as admin/api.php. A request finds its route by
// method and path, its session and caller by its token, then runs the route's
// module through the session's gate, validated by the route's schema; the
// answer is the route's own JSON (resource keys at the root), a refusal
// `{"error": [...]}` with the status DoorError gives (200 otherwise).

/**
 * What the door reads of a request, whichever way it arrived: through Fastify
 * (a FastifyRequest is one) or answered directly (src/http/direct.ts).
 */
export interface DoorIn {
  method: string;
  url: string;
  query: unknown;
  body: unknown;
  headers: IncomingHttpHeaders;
  ip: string;
  log: RequestLog;
}

/** A GET to the door as it is read: the query from its URL, no body (a GET's body is never read). */
export function doorGetRequest(url: string, headers: IncomingHttpHeaders, ip: string, log: RequestLog): DoorIn {
  const query = url.indexOf('?');
  return { method: 'GET', url, query: parseParams(query === -1 ? '' : url.slice(query + 1)), body: undefined, headers, ip, log };
}

/** A door answer as it is sent: the endpoint's outcome, with the headers of its own (Allow, Retry-After). */
export type DoorSent = Pick<Outcome, 'status' | 'json' | 'bytes' | 'failure'> & { headers?: Record<string, string> };

// Answers whose tokens the journal must not keep (it shows answers on the dashboard and the control routes).
const TOKEN_ANSWERS = new Set(['postLogin', 'postMfaVerify', 'postToken', 'postTokens']);

export function registerUserApi(app: FastifyInstance, deps: DoorDeps): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const sent = await serveDoor(deps, request);
    if (sent.headers) reply.headers(sent.headers);
    if (sent.failure) {
      reply.hijack();
      writeFailure(reply.raw, sent.failure, sent.json, reply.getHeaders(), sent.status);
      return reply;
    }
    return reply
      .status(sent.status)
      .type(JSON_TYPE)
      .send(sent.bytes ?? sent.json);
  };
  app.route({ method: ['GET', 'POST', 'PUT', 'DELETE'], url: `${USERAPI_PREFIX}/*`, handler });
  app.route({ method: ['GET', 'POST', 'PUT', 'DELETE'], url: USERAPI_PREFIX, handler });
}

/** What a request brought to the door: its route, session and parameters. */
interface Arrived {
  started: number;
  key: string;
  match: Match;
  input: Params;
  session?: Session;
}

/**
 * One door request from its path to its answer, with the journal entry and
 * the log line: the same for both ways a request arrives. A plain read that
 * nothing can make wait is answered at once (answerNow); everything else goes
 * the whole way (answerInFull).
 */
export function serveDoor(deps: DoorDeps, request: DoorIn): DoorSent | Promise<DoorSent> {
  const started = performance.now();
  const url = request.url;
  const query = url.indexOf('?');
  const path = (query === -1 ? url : url.slice(0, query)).slice(USERAPI_PREFIX.length) || '/';
  const match = matchRoute(deps.table, request.method, path);
  const arrived: Arrived = {
    started,
    key: match && 'entry' in match ? match.entry.key : `${request.method} ${USERAPI_PREFIX}${path}`,
    match,
    input: {},
  };
  const raised: number[] = [];
  let outcome: DoorOutcome | Promise<DoorOutcome>;
  try {
    assertParsed(request.query, request.body);
    const params = mergeParams(request.query, request.body);
    arrived.input = { ...params, ...(match && 'entry' in match ? match.values : {}) };
    const { origin, host } = request.headers;
    if (deps.originAllowed && !deps.originAllowed(origin, host)) throw new DoorError(403, messages.proxyOriginRefused(origin!));
    const credentials = credentialsOf(request.headers);
    const session = deps.sessions.get(doorSession(request.headers, credentials, arrived.input.refresh_token));
    arrived.session = session;
    const sent = () => sentOn(request, path, query === -1 ? '' : url.slice(query));
    const reached = { method: request.method, path, key: arrived.key, match, sent, params };
    outcome =
      answerNow(deps, session, reached, arrived.input, credentials, request.ip) ??
      answerInFull(deps, session, reached, arrived.input, credentials, request.ip, raised);
  } catch (error) {
    outcome = caught(request, arrived.key, error);
  }
  if (!(outcome instanceof Promise)) return finish(request, arrived, outcome, raised);
  return outcome.then(
    (done) => finish(request, arrived, done, raised),
    (error: unknown) => finish(request, arrived, caught(request, arrived.key, error), raised),
  );
}

/** A refusal's outcome; the unforeseen is logged and answered as the Admin door answers it, never as a 500. */
function caught(request: DoorIn, key: string, error: unknown): DoorOutcome {
  const known = refusal(error);
  if (!known) request.log.error({ err: error, route: key }, 'route failed');
  return known ?? { status: 200, body: { error: [messages.internal()] }, errors: [messages.internal()] };
}

/** Journals and logs an outcome, and gives back what is sent. */
function finish(request: DoorIn, arrived: Arrived, outcome: DoorOutcome, raised: number[]): DoorSent {
  const { session, match, key } = arrived;
  const json = outcome.json ?? JSON.stringify(outcome.body);
  const success = outcome.errors.length === 0;
  const journaled =
    outcome.journaled ?? (match && 'entry' in match && TOKEN_ANSWERS.has(match.entry.name) ? JSON.stringify(redact(outcome.body)) : json);
  session?.journal.record({
    time: session.clock.moment(),
    call: key,
    params: arrived.input,
    success,
    error: outcome.errors,
    durationMs: Math.round((performance.now() - arrived.started) * 100) / 100,
    answer: journaled,
    bytes: journaled === json ? outcome.bytes : undefined,
    stub: outcome.stub,
    events: raised,
    proxied: outcome.proxied,
  });
  const error = success ? undefined : outcome.errors[0]?.slice(0, 300);
  const { proxied } = outcome;
  request.log.info(
    {
      route: key,
      session: session?.name,
      success,
      status: outcome.status,
      ...(error !== undefined && { error }),
      ...(proxied && { proxied }),
    },
    'user api call',
  );
  const headers = outcome.allowed ? { allow: outcome.allowed.join(', ') } : outcome.headers;
  return {
    status: outcome.status,
    json,
    bytes: outcome.bytes,
    ...(headers && { headers }),
    ...(outcome.failure && { failure: { kind: outcome.failure, delayMs: outcome.delayMs } }),
  };
}

/**
 * The request as it goes on to the installation: its method, path and query as
 * sent, its Authorization and content type, and its body as the door read it,
 * written again in its type (JSON as JSON; a form, multipart ones included, as
 * a urlencoded form). A body of any other type is not read, so not sent.
 */
function sentOn(request: DoorIn, path: string, query: string): DoorRequest & { path: string } {
  const { authorization } = request.headers;
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const body = request.body as Record<string, unknown> | undefined;
  const sent: DoorRequest & { path: string } = {
    method: request.method,
    path,
    target: `${path}${query}`,
    ...(typeof authorization === 'string' && { authorization }),
  };
  if (body === undefined || body === null || Object.keys(body).length === 0) return sent;
  if (type === 'application/json') return { ...sent, contentType: 'application/json', body: JSON.stringify(body) };
  return { ...sent, contentType: 'application/x-www-form-urlencoded', body: formEncode(body).toString() };
}
