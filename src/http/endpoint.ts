import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, messages } from '../errors.js';
import { requestValidator, paramMessages } from '../schemas.js';
import type { AnswerShape, AnyOperation } from '../operations/operation.js';
import { DEFAULT_SESSION, isValidSessionName, type Session, type Sessions } from '../store/sessions.js';
import { PersistError } from '../store/world.js';
import { redact } from '../store/journal.js';
import { catchUp } from '../store/automation.js';
import { formatDateTime } from '../domain/dates.js';
import { authenticate } from './auth.js';
import { closest } from './closest.js';
import { errorEnvelope, successEnvelope } from './envelope.js';
import { assertParsed, mergeParams, text, type Params } from './params.js';

export const API_PATH = '/admin/api.php';
export const SESSION_HEADER = 'x-billsim-session';

// Transport parameters that are not the call's own: never validated or passed on.
const TRANSPORT = new Set(['call', 'api_id', 'api_key', 'outputformat']);

export interface Latency {
  min: number;
  max: number;
}

export interface EndpointDeps {
  sessions: Sessions;
  operations: Readonly<Record<string, AnyOperation>>;
  /** Delay every API answer by a random time in this range (ms). */
  latency?: Latency;
}

export function sessionName(request: FastifyRequest): string {
  const header = request.headers[SESSION_HEADER];
  const name = typeof header === 'string' ? header : DEFAULT_SESSION;
  if (!isValidSessionName(name)) throw new ApiError(messages.sessionInvalid());
  return name;
}

interface Outcome {
  status: number;
  body: Record<string, unknown>;
  errors: string[];
}

export function registerEndpoint(app: FastifyInstance, deps: EndpointDeps): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const started = performance.now();
    const params = mergeParams(request.query, request.body);
    const call = text(params, 'call');
    let session: Session | undefined;
    let outcome: Outcome;
    try {
      assertParsed(request.query, request.body);
      session = deps.sessions.get(sessionName(request));
      outcome = await answer(deps, session, params, call, request.ip);
    } catch (error) {
      if (!(error instanceof ApiError)) request.log.error({ err: error, call }, 'operation failed');
      const list = error instanceof ApiError ? error.messages : [messages.internal()];
      outcome = { status: 200, body: errorEnvelope(call, session?.clock.now() ?? new Date(), list), errors: list };
    }
    if (deps.latency) await sleep(deps.latency.min + Math.random() * (deps.latency.max - deps.latency.min));
    const durationMs = Math.round((performance.now() - started) * 100) / 100;
    const success = outcome.body.success === true;
    // Serialized here (as Fastify would) so the journal keeps the very text answered.
    const payload = JSON.stringify(outcome.body);
    session?.journal.record({
      time: formatDateTime(session.clock.now()),
      call,
      params: redact(params) as Params,
      success,
      error: outcome.errors,
      durationMs,
      answer: payload,
    });
    request.log.info({ call, session: session?.name, success, durationMs }, 'api call');
    return reply.status(outcome.status).type('application/json; charset=utf-8').send(payload);
  };
  app.route({ method: ['GET', 'POST'], url: API_PATH, handler });
  registerWrongMethods(app);
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

async function answer(deps: EndpointDeps, session: Session, params: Params, call: string, ip: string): Promise<Outcome> {
  await automationCaughtUp(session);
  const now = session.clock.now();
  const fault = call ? session.faults.take(call) : undefined;
  if (fault?.delayMs) await sleep(fault.delayMs);
  if (fault && (fault.error || fault.status)) {
    const list = fault.error ?? [messages.simulatedFault(fault.status ?? 200)];
    return { status: fault.status ?? 200, body: errorEnvelope(call, now, list), errors: list };
  }
  try {
    const { result, answer } = await runCall(deps, session, params, call, ip, now);
    return { status: 200, body: successEnvelope(call, now, result, answer), errors: [] };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: 200, body: errorEnvelope(call, now, error.messages), errors: error.messages };
  }
}

async function runCall(
  deps: EndpointDeps,
  session: Session,
  params: Params,
  call: string,
  ip: string,
  now: Date,
): Promise<{ result: object; answer?: AnswerShape }> {
  if (!call) throw new ApiError(messages.callMissing());
  const { world } = session;
  authenticate(world, text(params, 'api_id'), text(params, 'api_key'), ip, call);
  const operation = Object.hasOwn(deps.operations, call) ? deps.operations[call] : undefined;
  if (!operation) {
    const near = closest(call, Object.keys(deps.operations));
    throw new ApiError(near ? messages.callUnknownNear(call, near) : messages.callUnknown(call));
  }
  const input = validate(call, params);
  const ctx = { world, now };
  const answer = operation.answer;
  if (!operation.mutates) return { result: operation.run(input, ctx), answer };
  try {
    return { result: await world.mutate(() => operation.run(input, ctx)), answer };
  } catch (error) {
    if (error instanceof PersistError) throw new ApiError(messages.notSaved(error.message));
    throw error;
  }
}

/** The daily automation for the midnights the session's clock passed, before the call sees the state. */
async function automationCaughtUp(session: Session): Promise<void> {
  try {
    await catchUp(session);
  } catch (error) {
    if (error instanceof PersistError) throw new ApiError(messages.notSaved(error.message));
    throw error;
  }
}

function validate(call: string, params: Params): Params {
  const input: Params = {};
  for (const [key, value] of Object.entries(params)) if (!TRANSPORT.has(key)) input[key] = value;
  const sent = { ...input };
  const check = requestValidator(call);
  if (!check(input)) throw new ApiError(paramMessages(check.errors!, sent));
  return input;
}
