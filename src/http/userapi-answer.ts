import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, DoorError, messages } from '../errors.js';
import { paramMessages, refusedParams, userApiInputValidator } from '../schemas.js';
import type { Session, Sessions } from '../session/sessions.js';
import { ControlError } from '../session/control-error.js';
import { ChangedFixtureError } from '../store/fixtures.js';
import { type AnyRoute, type Caller, callerHolds, privilegeRefusal, type RouteContext } from '../userapi/route.js';
import type { Params } from './params.js';
import { callerFor, callerNow, type Credentials, LATER } from './userapi-callers.js';
import type { DoorEntry, Match } from './userapi-routes.js';
import { type DoorStubAnswer, doorStubAnswer, doorStubbed } from './userapi-stubs.js';
import type { RateLimit } from './userapi-limit.js';
import type { DoorProxyAnswer, Forwarder } from './proxy.js';
import { secretsHidden } from './recording.js';
import type { DoorRequest } from '../lib/upstream.js';
import type { View } from '../store/world.js';

// What the customer's door answers a request once its route and session are
// known: a fault first, then a stub, then the proxy, then the route (a path no
// route takes is refused only once no stub took it), then the caller, the rate
// limit, the privilege and the parameters, then the route's run. A plain read
// that nothing can make wait is answered at once (answerNow), by the same
// steps in the same order; everything else goes the whole way (answerInFull).

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
export interface DoorOutcome {
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
export interface Reached {
  method: string;
  path: string;
  key: string;
  match: Match;
  /** The request as the proxy would send it on, made only when it is sent on. */
  sent: () => DoorRequest & { path: string };
  /** The request's own parameters (query and body, no path values): what a recording keeps beside the literal path. */
  params: Params;
}

/** The outcome of a refusal the door answers itself, or undefined for the unforeseen. */
export function refusal(error: unknown): DoorOutcome | undefined {
  if (error instanceof ApiError) {
    return { status: error instanceof DoorError ? error.status : 200, body: { error: error.messages }, errors: error.messages };
  }
  if (error instanceof ControlError || error instanceof ChangedFixtureError) {
    return { status: 200, body: { error: [error.message] }, errors: [error.message] };
  }
  return undefined;
}

/**
 * A plain read's answer when nothing can make it wait: its route's module
 * imported, no catch-up due, no fault or stub, not forwarded, and a caller
 * told without waiting (callerNow). Undefined sends the request the whole
 * way, which applies the same rules; a refusal throws, as there.
 */
export function answerNow(deps: DoorDeps, session: Session, reached: Reached, input: Params, credentials: Credentials, ip: string) {
  const { match } = reached;
  if (!match || !('entry' in match) || deps.proxy?.forwardsDoor(true)) return undefined;
  const { entry } = match;
  const handler = entry.loaded();
  if (!handler || !plainRead(handler)) return undefined;
  return session.readNow((world, now): DoorOutcome | undefined => {
    if (session.faults.next(entry.key) !== undefined || doorStubbed(world, reached.method)) return undefined;
    const caller = callerNow(world, now, credentials, entry.auth);
    if (caller === LATER) return undefined;
    return (
      admitted(deps, session, entry, caller, ip) ?? keptRead(session, entry, handler, validate(entry, handler, input, world), caller, now)
    );
  });
}

/** The request's answer the whole way, read (or written) through the session's one entrance. */
export function answerInFull(
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
        return forwarded(await deps.proxy.forwardDoor(reached.sent(), reached.params));
      if (!match) throw new DoorError(404, messages.doorRouteUnknown(reached.method, reached.path));
      if (!('entry' in match)) {
        const errors = [messages.doorMethodNotAllowed(reached.method, reached.path, match.allowed)];
        return { status: 405, body: { error: errors }, errors, allowed: match.allowed };
      }
      const { entry } = match;
      const caller = await callerFor(world, now, credentials, entry.auth);
      const stopped = admitted(deps, session, entry, caller, ip);
      if (stopped) return stopped;
      const handler = await entry.handler();
      const valid = validate(entry, handler, input, world);
      if (plainRead(handler)) return keptRead(session, entry, handler, valid, caller, now);
      return { status: 200, body: await run(session, handler, valid, caller, now, raised), errors: [] };
    } catch (error) {
      const known = refusal(error);
      if (!known) throw error;
      return known;
    }
  });
}

/** A route that only reads, with no slow work first and nothing after: its answer can be kept. */
function plainRead(handler: AnyRoute): boolean {
  return !handler.mutates && !handler.prepare && !handler.finish;
}

/**
 * The rate limit and the privilege, once the caller is known: the 429 when the
 * caller (or, without one, the address) is over its limit, a refusal thrown
 * when the caller lacks the route's privilege, else undefined. Only a request
 * that gets this far counts against the limit.
 */
function admitted(deps: DoorDeps, session: Session, entry: DoorEntry, caller: Caller | undefined, ip: string): DoorOutcome | undefined {
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
  return undefined;
}

/** A plain read's answer: a function of the state, the clock's second, the caller and the input, kept as the Admin door keeps its reads. */
function keptRead(
  session: Session,
  entry: DoorEntry,
  handler: AnyRoute,
  valid: Params,
  caller: Caller | undefined,
  now: Date,
): DoorOutcome {
  const key = { route: entry.key, person: caller?.person.id, client: caller?.clientId, via: caller?.via, input: valid };
  const { json, bytes } = session.answers.answer(session.world.version, now, key, () =>
    JSON.stringify(handler.run(valid, { world: session.world, now, session: session.name, caller }, undefined)),
  );
  return { status: 200, body: {}, json, bytes, errors: [] };
}

/** A proxied answer as the door sends it, and as the journal keeps it (tokens hidden: they are the installation's). */
function forwarded(answer: DoorProxyAnswer): DoorOutcome {
  const outcome: DoorOutcome = { status: answer.status, body: {}, json: answer.json, errors: answer.errors };
  if (!answer.proxied) return outcome;
  const hidden = JSON.stringify(secretsHidden(answer.body));
  return { ...outcome, proxied: true, ...(hidden !== JSON.stringify(answer.body) && { journaled: hidden }) };
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
