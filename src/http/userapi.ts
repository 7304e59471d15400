import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, DoorError, messages } from '../errors.js';
import { paramMessages, refusedParams, userApiInputValidator } from '../schemas.js';
import type { Session, Sessions } from '../session/sessions.js';
import { redact } from '../session/journal.js';
import { ControlError } from '../session/control-error.js';
import { ChangedFixtureError } from '../store/fixtures.js';
import { type AnyRoute, type Caller, callerHolds, privilegeRefusal, type RouteContext } from '../userapi/route.js';
import { JSON_TYPE } from './endpoint.js';
import { assertParsed, mergeParams, type Params } from './params.js';
import { callerFor, credentialsOf, doorSession, type Credentials } from './userapi-callers.js';
import { type DoorEntry, type Match, matchRoute, USERAPI_PREFIX } from './userapi-routes.js';
import { type DoorStubAnswer, doorStubAnswer, doorStubbed } from './userapi-stubs.js';
import { writeFailure } from './failures.js';
import type { RateLimit } from './userapi-limit.js';
import type { DoorProxyAnswer, Forwarder } from './proxy.js';
import { secretsHidden } from './recording.js';
import { formEncode, type DoorRequest } from '../lib/upstream.js';
import type { View } from '../store/world.js';

// The customer's door: HostBill's User API (/api/<route>) over the same
// sessions, gate and world as admin/api.php. A request finds its route by
// method and path, its session and caller by its token, then runs the route's
// module through the session's gate, validated by the route's schema; the
// answer is the route's own JSON (resource keys at the root), a refusal
// `{"error": [...]}` with the status DoorError gives (200 otherwise).

export interface DoorDeps {
  sessions: Sessions;
  table: readonly DoorEntry[];
  /** Requests a caller may send in a window (--userapi-rate-limit), if limited. */
  rateLimit?: RateLimit;
  /** Forward requests to the installation's own User API (--proxy), as the Admin door forwards calls. */
  proxy?: Forwarder;
  /** With --proxy, whether a request naming this Origin (and Host) is answered at all (src/http/cross-site.ts). */
  originAllowed?: (origin: string | undefined, host: string | undefined) => boolean;
}

/** What the door answers a request, and what the journal keeps of it. */
interface DoorOutcome {
  status: number;
  body: object;
  /** The answer's JSON text when it was kept (a read answered before at this state and second): body is then not read. */
  json?: string;
  /** Its bytes, kept with a kept answer (lib/encoded.ts). */
  bytes?: Buffer;
  errors: string[];
  headers?: Record<string, string>;
  /** The methods the path takes, for a 405. */
  allowed?: string[];
  /** The stub that answered, when one did. */
  stub?: string;
  failure?: DoorStubAnswer['failure'];
  delayMs?: number;
  /** The installation answered it (--proxy): `json` is its answer as it came. */
  proxied?: true;
  /** What the journal keeps of a proxied answer: its text with the tokens in it hidden. */
  journaled?: string;
}

/** Where a request went: its method and path under /api, the route's name, and the route it matched. */
interface Reached {
  method: string;
  path: string;
  key: string;
  match: Match;
  /** The request as the proxy would send it on. */
  sent: DoorRequest & { path: string };
  /** The request's own parameters (query and body, no path values): what a recording keeps beside the literal path. */
  params: Params;
}

// Answers whose tokens the journal must not keep (it shows answers on the dashboard and the control routes).
const TOKEN_ANSWERS = new Set(['postLogin', 'postMfaVerify', 'postToken', 'postTokens']);

function refusal(error: unknown): DoorOutcome | undefined {
  if (error instanceof ApiError) {
    return { status: error instanceof DoorError ? error.status : 200, body: { error: error.messages }, errors: error.messages };
  }
  if (error instanceof ControlError || error instanceof ChangedFixtureError) {
    return { status: 200, body: { error: [error.message] }, errors: [error.message] };
  }
  return undefined;
}

export function registerUserApi(app: FastifyInstance, deps: DoorDeps): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const started = performance.now();
    const url = request.url;
    const query = url.indexOf('?');
    const path = (query === -1 ? url : url.slice(0, query)).slice(USERAPI_PREFIX.length) || '/';
    const match = matchRoute(deps.table, request.method, path);
    let session: Session | undefined;
    let outcome: DoorOutcome;
    let key = `${request.method} ${USERAPI_PREFIX}${path}`;
    let input: Params = {};
    const raised: number[] = [];
    try {
      assertParsed(request.query, request.body);
      if (match && 'entry' in match) key = match.entry.key;
      const params = mergeParams(request.query, request.body);
      input = { ...params, ...(match && 'entry' in match ? match.values : {}) };
      const { origin, host } = request.headers;
      if (deps.originAllowed && !deps.originAllowed(origin, host)) throw new DoorError(403, messages.proxyOriginRefused(origin!));
      const credentials = credentialsOf(request.headers);
      session = deps.sessions.get(doorSession(request.headers, credentials, input.refresh_token));
      const sent = sentOn(request, path, query === -1 ? '' : url.slice(query));
      const reached = { method: request.method, path, key, match, sent, params };
      outcome = await answer(deps, session, reached, input, credentials, request.ip, raised);
      if (outcome.allowed) reply.header('allow', outcome.allowed.join(', '));
    } catch (error) {
      const known = refusal(error);
      if (!known) request.log.error({ err: error, route: key }, 'route failed');
      // Never a 500: the unforeseen is logged and answered as the Admin door answers it.
      outcome = known ?? { status: 200, body: { error: [messages.internal()] }, errors: [messages.internal()] };
    }
    const json = outcome.json ?? JSON.stringify(outcome.body);
    const success = outcome.errors.length === 0;
    const journaled =
      outcome.journaled ?? (match && 'entry' in match && TOKEN_ANSWERS.has(match.entry.name) ? JSON.stringify(redact(outcome.body)) : json);
    session?.journal.record({
      time: session.clock.moment(),
      call: key,
      params: input,
      success,
      error: outcome.errors,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
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
    if (outcome.headers) reply.headers(outcome.headers);
    if (outcome.failure) {
      reply.hijack();
      writeFailure(reply.raw, { kind: outcome.failure, delayMs: outcome.delayMs }, json, reply.getHeaders(), outcome.status);
      return reply;
    }
    return reply
      .status(outcome.status)
      .type(JSON_TYPE)
      .send(outcome.bytes ?? json);
  };
  app.route({ method: ['GET', 'POST', 'PUT', 'DELETE'], url: `${USERAPI_PREFIX}/*`, handler });
  app.route({ method: ['GET', 'POST', 'PUT', 'DELETE'], url: USERAPI_PREFIX, handler });
}

/**
 * The request's answer, read (or written) through the session's one entrance:
 * a fault first, then a stub, then the route (a path no route takes is refused
 * only once no stub took it).
 */
function answer(
  deps: DoorDeps,
  session: Session,
  reached: Reached,
  input: Params,
  credentials: Credentials,
  ip: string,
  raised: number[],
): Promise<DoorOutcome> {
  return session.read(async (world, now) => {
    const met = session.takeFault(reached.key);
    const fault = met && (await met);
    if (fault?.delayMs) await sleep(fault.delayMs);
    if (fault && (fault.error || fault.status)) {
      const errors = fault.error ?? [messages.simulatedFault(fault.status ?? 200)];
      return { status: fault.status ?? 200, body: { error: errors }, errors };
    }
    try {
      const stubbed = doorStubbed(world, reached.method)
        ? await doorStubAnswer(session, reached.method, reached.path, input, now)
        : undefined;
      if (stubbed) {
        if (stubbed.delayMs && stubbed.failure !== 'slow') await sleep(stubbed.delayMs);
        return stubbed;
      }
      const { match } = reached;
      if (deps.proxy?.forwardsDoor(match !== undefined && 'entry' in match))
        return forwarded(await deps.proxy.forwardDoor(reached.sent, reached.params));
      if (!match) throw new DoorError(404, messages.doorRouteUnknown(reached.method, reached.path));
      if (!('entry' in match)) {
        const errors = [messages.doorMethodNotAllowed(reached.method, reached.path, match.allowed)];
        return { status: 405, body: { error: errors }, errors, allowed: match.allowed };
      }
      const { entry } = match;
      const caller = await callerFor(world, now, credentials, entry.auth);
      const limited = deps.rateLimit?.take(session.name, caller ? `client ${caller.clientId}` : `address ${ip}`);
      if (limited !== undefined) {
        return {
          status: 429,
          body: { error: [messages.doorRateLimited()] },
          errors: [messages.doorRateLimited()],
          headers: { 'retry-after': String(limited) },
        };
      }
      if (caller && entry.privilege && !callerHolds(caller, entry.privilege)) throw privilegeRefusal(caller, entry.privilege);
      const handler = await entry.handler();
      const valid = validate(entry, handler, input, world);
      if (!handler.mutates && !handler.prepare && !handler.finish) {
        // A plain read's answer is a function of the state, the clock's second, the caller and the input: kept as the Admin door keeps its reads.
        const key = { route: entry.key, person: caller?.person.id, client: caller?.clientId, via: caller?.via, input: valid };
        const { json, bytes } = session.answers.answer(session.world.version, now, key, () =>
          JSON.stringify(handler.run(valid, { world, now, session: session.name, caller }, undefined)),
        );
        return { status: 200, body: {}, json, bytes, errors: [] };
      }
      return { status: 200, body: await run(session, handler, valid, caller, now, raised), errors: [] };
    } catch (error) {
      const known = refusal(error);
      if (!known) throw error;
      return known;
    }
  });
}

/** A proxied answer as the door sends it, and as the journal keeps it (tokens hidden: they are the installation's). */
function forwarded(answer: DoorProxyAnswer): DoorOutcome {
  const outcome: DoorOutcome = { status: answer.status, body: {}, json: answer.json, errors: answer.errors };
  if (!answer.proxied) return outcome;
  const hidden = JSON.stringify(secretsHidden(answer.body));
  return { ...outcome, proxied: true, ...(hidden !== JSON.stringify(answer.body) && { journaled: hidden }) };
}

/**
 * The request as it goes on to the installation: its method, path and query as
 * sent, its Authorization and content type, and its body as the door read it,
 * written again in its type (JSON as JSON; a form, multipart ones included, as
 * a urlencoded form). A body of any other type is not read, so not sent.
 */
function sentOn(request: FastifyRequest, path: string, query: string): DoorRequest & { path: string } {
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

function validate(entry: DoorEntry, handler: AnyRoute, input: Params, world: View): Params {
  const checked = { ...input };
  const check = userApiInputValidator(entry.name);
  if (check(checked)) return checked;
  const errors = check.errors!;
  const worldly = handler.malformed?.(input, refusedParams(errors, input), world) ?? [];
  throw new ApiError([...paramMessages(errors, input), ...worldly]);
}

/** Runs the route: a read at the clock's moment, or one mutation saved whole; then its finish, if any. */
async function run(
  session: Session,
  route: AnyRoute,
  input: Params,
  caller: Caller | undefined,
  now: Date,
  raised: number[],
): Promise<object> {
  const base = { session: session.name, caller };
  let prepared: unknown;
  let result: unknown;
  if (route.mutates) {
    result = await session.write(
      (world, now) => route.run(input, { world, now, ...base }, prepared),
      undefined,
      route.prepare &&
        (async (world) => {
          prepared = await route.prepare!(input, world, { world, now: session.clock.now(), ...base });
        }),
      raised,
    );
  } else {
    const ctx: RouteContext = { world: session.world, now, ...base };
    if (route.prepare) prepared = await route.prepare(input, ctx.world, ctx);
    result = route.run(input, ctx, prepared);
  }
  if (!route.finish) return result as object;
  return route.finish(result, { world: session.world, now: session.clock.now(), ...base });
}
