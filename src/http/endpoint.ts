import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, messages, shapeOf } from '../errors.js';
import { requestValidator, paramMessages } from '../schemas.js';
import type { AnyOperation } from '../operations/operation.js';
import type { LazyRegistry } from '../lib/modules.js';
import { DEFAULT_SESSION, isValidSessionName, type Session, type Sessions } from '../session/sessions.js';
import { keyByText } from '../session/kept-answers.js';
import { redact } from '../session/journal.js';
import { ControlError } from '../session/control-error.js';
import { ChangedFixtureError } from '../store/fixtures.js';
import type { ApiAccess, Stub } from '../generated/wire.js';
import { countDown, matchStub, stubAnswer, stubbed } from '../session/stubs.js';
import { type Difference, type NearMiss, stubShown } from '../session/stub-log.js';
import type { View } from '../store/world.js';
import { formatDateTime } from '../lib/dates.js';
import { authenticate } from './auth.js';
import { closest } from '../lib/closest.js';
import { errorEnvelope, successEnvelope } from './envelope.js';
import { writeFailure, type Failure } from './failures.js';
import { assertParsed, mergeParams, text, type Params } from './params.js';
import { readParamForms } from '../lib/param-forms.js';
import { PARAM_FORMS } from '../generated/param-forms.js';
import type { Forwarder } from './proxy.js';
import { bytesOf, type Encoded } from '../lib/encoded.js';

export const API_PATH = '/admin/api.php';
export const SESSION_HEADER = 'x-billsim-session';
/** The content type of every answer (Fastify's own for a JSON object). */
export const JSON_TYPE = 'application/json; charset=utf-8';

// Transport parameters that are not the call's own: never validated or passed on.
const TRANSPORT = new Set(['call', 'api_id', 'api_key', 'outputformat']);

export interface Latency {
  min: number;
  max: number;
}

export interface EndpointDeps {
  sessions: Sessions;
  /** The calls, each imported on its first request. */
  operations: LazyRegistry<AnyOperation>;
  /** Delay every API answer by a random time in this range (ms). */
  latency?: Latency;
  /** Forward calls to an installation (--proxy) instead of simulating them. */
  proxy?: Forwarder;
  /**
   * Whether a request naming this Origin (and Host) is answered at all; with
   * --proxy a page's simple request (a GET, a form POST) is refused before
   * anything is forwarded, since a page may send one it cannot read, a write
   * included. Without it every request is answered, CORS deciding who reads.
   */
  originAllowed?: (origin: string | undefined, host: string | undefined) => boolean;
}

export function sessionName(request: { headers: IncomingHttpHeaders }): string {
  const header = request.headers[SESSION_HEADER];
  const name = typeof header === 'string' ? header : DEFAULT_SESSION;
  if (!isValidSessionName(name)) throw new ApiError(messages.sessionInvalid());
  return name;
}

export interface Outcome {
  status: number;
  /** The answer's JSON text, as sent. */
  json: string;
  /** Its UTF-8 bytes, once made (lib/encoded.ts): what is written, and what the journal keeps. */
  bytes?: Buffer;
  success: boolean;
  errors: string[];
  /** The id of the stub that answered, when one did. */
  stub?: string;
  /** Sent instead of the answer: a failure below the envelope (src/http/failures.ts). */
  failure?: { kind: Failure; delayMs?: number };
  /** The installation answered it (--proxy): `json` is its answer as it came. */
  proxied?: true;
}

function failed(status: number, call: string, now: Date, errors: string[]): Outcome {
  return { status, json: JSON.stringify(errorEnvelope(call, now, errors)), success: false, errors };
}

/** The two lines the endpoint may log for a request. */
export interface RequestLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * What the endpoint reads of a request, whichever way it arrived: through
 * Fastify (a FastifyRequest is one) or answered directly (src/http/direct.ts).
 */
export interface ApiRequest {
  query: unknown;
  body: unknown;
  /**
   * The text the parameters came in, when the request sent them as text
   * (src/http/direct.ts): the query string, then a newline and the body when
   * there is one. A kept answer is found by it (src/session/kept-answers.ts).
   */
  text?: string;
  headers: IncomingHttpHeaders;
  ip: string;
  log: RequestLog;
}

/**
 * One API request from its parameters to its answer, with the journal entry
 * and the log line: the same for both ways a request arrives. A repeated read
 * that nothing can make wait is answered at once (keptRead); everything else
 * goes the whole way (answerInFull), through the same gate, rules and tail.
 */
export function serveApi(deps: EndpointDeps, request: ApiRequest): Outcome | Promise<Outcome> {
  const started = performance.now();
  const params = mergeParams(request.query, request.body);
  if (request.text !== undefined) keyByText(params, request.text);
  const call = text(params, 'call');
  let session: Session | undefined;
  let outcome: Outcome | undefined;
  let events: number[] | undefined;
  try {
    session = admitted(deps, request);
    // --latency delays every answer, a kept one too.
    if (!deps.latency) {
      outcome = keptRead(deps, session, params, call, request.ip);
      if (outcome === undefined) outcome = mutationNow(deps, session, params, call, request.ip, (events = []));
    }
  } catch (error) {
    outcome = refused(deps, request, session, call, error);
  }
  // Under --latency a refusal waits too, so only then does an outcome found here go the whole way.
  if (outcome !== undefined && !deps.latency) return finish(request, session, params, call, outcome, started, events);
  return answerInFull(deps, request, session, params, call, outcome, started);
}

/** The request's session, once the request may be answered at all. */
function admitted(deps: EndpointDeps, request: ApiRequest): Session {
  assertParsed(request.query, request.body);
  const { origin, host } = request.headers;
  if (deps.originAllowed && !deps.originAllowed(origin, host)) throw new ApiError(messages.proxyOriginRefused(origin!));
  return deps.sessions.get(sessionName(request));
}

/** The error envelope for what a request threw: its own messages, or (logged) the internal error's. */
function refused(deps: EndpointDeps, request: ApiRequest, session: Session | undefined, call: string, error: unknown): Outcome {
  // A change the data file did not take is refused with the session's message; anything else unforeseen is logged.
  const known =
    error instanceof ApiError
      ? error.messages
      : error instanceof ControlError || error instanceof ChangedFixtureError
        ? [error.message]
        : undefined;
  if (!known) request.log.error({ err: error, call }, 'operation failed');
  const list = known ?? [messages.internal()];
  return failed(200, call, session?.clock.now() ?? deps.sessions.clockNow(request.headers[SESSION_HEADER]), list);
}

/** The request the whole way: catch-up, faults, stubs, the call or its kept answer, the proxy, --latency. */
async function answerInFull(
  deps: EndpointDeps,
  request: ApiRequest,
  session: Session | undefined,
  params: Params,
  call: string,
  given: Outcome | undefined,
  started: number,
): Promise<Outcome> {
  let outcome = given;
  let events: number[] | undefined;
  // No outcome yet means the request was admitted: the session is set.
  if (outcome === undefined) {
    events = [];
    try {
      outcome = await answer(deps, session!, params, call, request.ip, events);
    } catch (error) {
      outcome = refused(deps, request, session, call, error);
    }
  }
  if (deps.latency) await sleep(deps.latency.min + Math.random() * (deps.latency.max - deps.latency.min));
  return finish(request, session, params, call, outcome, started, events);
}

/** Journals and logs an outcome, and gives it back. */
function finish(
  request: ApiRequest,
  session: Session | undefined,
  params: Params,
  call: string,
  outcome: Outcome,
  started: number,
  events?: number[],
): Outcome {
  const durationMs = Math.round((performance.now() - started) * 100) / 100;
  const { success } = outcome;
  // A failure below the envelope sends no JSON answer (the slow one sends it whole, late).
  const sent = !outcome.failure || outcome.failure.kind === 'slow';
  if (!outcome.failure) bytesOf(outcome);
  session?.journal.record({
    time: session.clock.moment(),
    call,
    params,
    success,
    error: outcome.errors,
    durationMs,
    answer: sent ? outcome.json : '',
    bytes: sent ? outcome.bytes : undefined,
    events,
    stub: outcome.stub,
    proxied: outcome.proxied,
  });
  // A failed call's line names its first error (messages may echo client text: cut short).
  const error = success ? undefined : outcome.errors[0]?.slice(0, 300);
  const { proxied } = outcome;
  request.log.info(
    { call, session: session?.name, success, durationMs, ...(error !== undefined && { error }), ...(proxied && { proxied }) },
    'api call',
  );
  return outcome;
}

/**
 * A read's kept answer, when nothing can make the request wait or change it:
 * no catch-up due, no fault or stub for the call, its module imported, not
 * forwarded. The rules are the whole way's, in its order (the fault before
 * the credentials); undefined sends the request the whole way, which applies
 * them again. Throws ApiError for the credentials' refusals.
 */
function keptRead(deps: EndpointDeps, session: Session, params: Params, call: string, ip: string): Outcome | undefined {
  const operation = call ? deps.operations.loaded(call) : undefined;
  if (operation === undefined || operation.mutates || deps.proxy?.forwards(operation)) return undefined;
  return session.readNow((world, now) => {
    if (session.faults.next(call) !== undefined || stubbed(world, call)) return undefined;
    authenticate(world, text(params, 'api_id'), text(params, 'api_key'), ip, call);
    const kept = session.answers.find(session.world.version, now, params);
    return kept && { status: 200, json: kept.json, bytes: kept.bytes, success: true, errors: [] };
  });
}

/**
 * A mutation applied at once, when nothing can make it wait: no catch-up due,
 * no change queued or data file to save to, no fault or stub for the call, its
 * module imported and needing no slow work first, not forwarded. The rules are
 * the whole way's, in its order (the fault, the credentials, the stub, the
 * parameters); undefined sends the request the whole way. Throws ApiError for
 * the refusals, which change nothing. `raised` gets the events' ids.
 */
function mutationNow(
  deps: EndpointDeps,
  session: Session,
  params: Params,
  call: string,
  ip: string,
  raised: number[],
): Outcome | undefined {
  const operation = call ? deps.operations.loaded(call) : undefined;
  if (operation === undefined || !operation.mutates || operation.prepare || deps.proxy?.forwards(operation)) return undefined;
  if (!session.canWriteNow()) return undefined;
  const { world } = session;
  if (session.faults.next(call) !== undefined || stubbed(world, call)) return undefined;
  authenticate(world, text(params, 'api_id'), text(params, 'api_key'), ip, call);
  const input = validate(call, params);
  // The answer's server_time and the call's dates are the moment the request was read at.
  const now = session.clock.now();
  const json = envelope(
    operation,
    call,
    now,
    session.writeNow((writable) => operation.run(input, { world: writable, now }), raised),
  );
  return { status: 200, json, success: true, errors: [] };
}

/** A call's success answer as sent: its result in the envelope (src/http/envelope.ts). */
function envelope(operation: AnyOperation, call: string, now: Date, result: object): string {
  return JSON.stringify(successEnvelope(call, now, result, operation.answer));
}

export function registerEndpoint(app: FastifyInstance, deps: EndpointDeps): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const outcome = await serveApi(deps, request);
    return sendOutcome(reply, outcome);
  };
  app.route({ method: ['GET', 'POST'], url: API_PATH, handler });
  registerWrongMethods(app);
}

/** Sends an outcome through Fastify; a failure is written on the raw response, which Fastify then leaves alone. */
export function sendOutcome(reply: FastifyReply, outcome: Outcome): FastifyReply {
  if (!outcome.failure)
    return reply
      .status(outcome.status)
      .type(JSON_TYPE)
      .send(outcome.bytes ?? outcome.json);
  reply.hijack();
  // The headers set so far (CORS) are Fastify's until it sends them: handed over with the failure.
  writeFailure(reply.raw, outcome.failure, outcome.json, reply.getHeaders(), outcome.status);
  return reply;
}

/** The answer to any method but GET and POST on the endpoint: 405 naming the two. */
export function wrongMethod(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .status(405)
    .header('allow', 'GET, POST')
    .send({ error: `${request.method} is not allowed on ${API_PATH}: send the call with GET or POST` });
}

/**
 * Other methods Fastify knows are answered before a body is read (so a broken
 * body cannot turn the 405 into something else); methods it does not know
 * reach the not-found handler, which answers the same. HEAD follows GET, and
 * OPTIONS stays the CORS preflight.
 */
function registerWrongMethods(app: FastifyInstance): void {
  const others = app.supportedMethods.filter((method) => !['GET', 'POST', 'HEAD', 'OPTIONS'].includes(method));
  app.route({
    method: others,
    url: API_PATH,
    onRequest: async (request, reply) => wrongMethod(request, reply),
    handler: async () => undefined,
  });
}

/** The request's answer, read (and written) through the session's one entrance. */
function answer(deps: EndpointDeps, session: Session, params: Params, call: string, ip: string, raised: number[]): Promise<Outcome> {
  return session.read(async (world, now) => {
    const met = call ? session.takeFault(call) : undefined;
    const fault = met && (await met);
    if (fault?.delayMs) await sleep(fault.delayMs);
    if (fault && (fault.error || fault.status)) {
      return failed(fault.status ?? 200, call, now, fault.error ?? [messages.simulatedFault(fault.status ?? 200)]);
    }
    try {
      if (!call) throw new ApiError(callRefused(params.call));
      const caller = authenticate(world, text(params, 'api_id'), text(params, 'api_key'), ip, call);
      const stubbedAnswer = stubbed(world, call) ? await stubOutcome(session, params, call, now) : undefined;
      if (stubbedAnswer && !stubbedAnswer.slowly) return stubbedAnswer;
      const operation = await deps.operations.get(call);
      const outcome = await simulated(deps, session, world, params, call, operation, caller, now, raised);
      // A slow stub without an answer of its own drips the answer the call would give.
      return stubbedAnswer?.slowly ? { ...outcome, stub: stubbedAnswer.stub, failure: stubbedAnswer.failure } : outcome;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return failed(200, call, now, error.messages);
    }
  });
}

/** The answer of the proxy or the simulation, an error envelope included. */
async function simulated(
  deps: EndpointDeps,
  session: Session,
  world: View,
  params: Params,
  call: string,
  operation: AnyOperation | undefined,
  caller: ApiAccess,
  now: Date,
  raised: number[],
): Promise<Outcome> {
  try {
    if (deps.proxy?.forwards(operation)) return await deps.proxy.forward(call, operation, callParams(params), now);
    const answer = await runCall(deps, session, world, params, call, operation, caller, now, raised);
    return { status: 200, json: answer.json, bytes: bytesOf(answer), success: true, errors: [] };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return failed(200, call, now, error.messages);
  }
}

/** Why a request names no call: none was sent, or it arrived as a list or an object (`call[x]=...`). */
function callRefused(sent: unknown): string {
  return sent === undefined || sent === '' ? messages.callMissing() : messages.paramShape('call', 'a string', shapeOf(sent));
}

/**
 * The answer of the stub that applies to the request, if one does. It is found
 * and counted down in one write, so a stub with `times` answers exactly that
 * many requests; nothing else of the state changes.
 */
async function stubOutcome(
  session: Session,
  params: Params,
  call: string,
  now: Date,
): Promise<(Outcome & { slowly?: boolean }) | undefined> {
  const found = await session.write((world) => {
    const match = matchStub(world, call, params);
    if ('stub' in match) countDown(world, match.stub);
    return match;
  }, 'stub count');
  if (!('stub' in found)) {
    if (found.near) session.stubLog.miss(nearMiss(session, call, params, found.near));
    return undefined;
  }
  const { stub } = found;
  const hits = session.stubLog.hit(stub.id);
  if (stub.delayMs && stub.failure !== 'slow') await sleep(stub.delayMs);
  const status = stub.status ?? (stub.failure === 'html' ? 502 : 200);
  const id = stub.id;
  if (stub.failure === 'slow' && !stub.answer && !stub.error) {
    return { status, json: '', success: true, errors: [], stub: id, slowly: true, failure: { kind: 'slow', delayMs: stub.delayMs } };
  }
  const outcome: Outcome = stub.error
    ? { ...failed(status, call, now, stub.error), stub: id }
    : {
        status,
        json: JSON.stringify(successEnvelope(call, now, filledIn(stub, params, call, now, hits))),
        success: true,
        errors: [],
        stub: id,
      };
  if (!stub.failure || stub.failure === 'slow')
    return stub.failure ? { ...outcome, failure: { kind: 'slow', delayMs: stub.delayMs } } : outcome;
  // The client gets no envelope: the journal says what it got instead.
  return { ...outcome, success: false, errors: [messages.stubFailure(id, stub.failure)], failure: { kind: stub.failure } };
}

/** A near miss as the session keeps it: the request as the journal has it, the closest stub and what differed. */
function nearMiss(session: Session, call: string, params: Params, near: { stub: Stub; differs: Difference }): NearMiss {
  return {
    time: formatDateTime(session.clock.now()),
    call,
    params: redact(callParams(params)) as Params,
    stub: stubShown(near.stub),
    differs: near.differs,
  };
}

/** A stub's answer filled in from the request; a template that fails on this request is refused, naming the stub. */
function filledIn(stub: Stub, params: Params, call: string, now: Date, hits: number): Record<string, unknown> {
  try {
    return stubAnswer(stub, { params: callParams(params), call, now, hits });
  } catch (error) {
    throw new ApiError(messages.stubAnswerFailed(stub.id, (error as Error).message));
  }
}

/** The success answer (a kept one for a repeated read); throws ApiError for the error envelope. */
async function runCall(
  deps: EndpointDeps,
  session: Session,
  world: View,
  params: Params,
  call: string,
  operation: AnyOperation | undefined,
  caller: ApiAccess,
  now: Date,
  raised: number[],
): Promise<Encoded> {
  if (!operation) {
    const near = closest(call, deps.operations.names);
    const elsewhere = deps.sessions.stubbedElsewhere(call, session.name);
    if (elsewhere.length > 0) throw new ApiError(messages.callStubbedElsewhere(call, session.name, elsewhere));
    throw new ApiError(near ? messages.callUnknownNear(call, near) : messages.callUnknown(call));
  }
  if (!operation.mutates) {
    const { prepare } = operation;
    if (prepare) {
      // A call with slow work (a login's scrypt) does it in the thread pool before its synchronous run,
      // unless the answer is kept already.
      const kept = session.answers.find(session.world.version, now, params);
      if (kept !== undefined) return kept;
      await prepare(validate(call, params), world);
    }
    return session.answers.answer(session.world.version, now, params, () =>
      envelope(operation, call, now, operation.run(validate(call, params), { world, now, caller })),
    );
  }
  const input = validate(call, params);
  const { prepare } = operation;
  // The answer's server_time and the call's dates are the moment the request was read at.
  const json = envelope(
    operation,
    call,
    now,
    await session.write(
      (writable) => operation.run(input, { world: writable, now }),
      undefined,
      prepare && ((current) => prepare(input, current)),
      raised,
    ),
  );
  return { json };
}

/** The call's own parameters: the request's without the transport's (credentials, call, output format). */
function callParams(params: Params): Params {
  const input: Params = {};
  for (const [key, value] of Object.entries(params)) if (!TRANSPORT.has(key)) input[key] = value;
  return input;
}

function validate(call: string, params: Params): Params {
  // Flags and dates as clients send them (domain_dns=true, next_due=2027-01-15T00:00:00) are read
  // as a PHP installation reads them before the schema checks the request: one rule for every call.
  const input = readParamForms(callParams(params), PARAM_FORMS[call] ?? []);
  const sent = { ...input };
  const check = requestValidator(call);
  if (!check(input)) throw new ApiError(paramMessages(check.errors!, sent));
  return input;
}
