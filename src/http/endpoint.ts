import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, messages } from '../errors.js';
import { requestValidator, paramMessage } from '../schemas.js';
import type { AnyOperation } from '../operations/operation.js';
import { DEFAULT_SESSION, isValidSessionName, type Session, type Sessions } from '../store/sessions.js';
import { authenticate } from './auth.js';
import { errorEnvelope, successEnvelope } from './envelope.js';
import { assertParsed, mergeParams, text, type Params } from './params.js';

export const API_PATH = '/admin/api.php';
export const SESSION_HEADER = 'x-billsim-session';

// Transport parameters that are not the call's own: never validated or passed on.
const TRANSPORT = new Set(['call', 'api_id', 'api_key', 'outputformat']);

export interface EndpointDeps {
  sessions: Sessions;
  operations: Readonly<Record<string, AnyOperation>>;
}

export function sessionFor(request: FastifyRequest, sessions: Sessions): Session {
  const header = request.headers[SESSION_HEADER];
  const name = typeof header === 'string' ? header : DEFAULT_SESSION;
  if (!isValidSessionName(name)) throw new ApiError(messages.sessionInvalid());
  return sessions.get(name);
}

export function registerEndpoint(app: FastifyInstance, deps: EndpointDeps): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = mergeParams(request.query, request.body);
    const call = text(params, 'call');
    let now = new Date();
    try {
      assertParsed(request.query, request.body);
      const session = sessionFor(request, deps.sessions);
      now = session.clock.now();
      const result = await runCall(deps, session, params, call, request.ip, now);
      return reply.send(successEnvelope(call, now, result));
    } catch (error) {
      if (!(error instanceof ApiError)) request.log.error({ err: error, call }, 'operation failed');
      const list = error instanceof ApiError ? error.messages : [messages.internal()];
      return reply.send(errorEnvelope(call, now, list));
    }
  };
  app.route({ method: ['GET', 'POST'], url: API_PATH, handler });
}

async function runCall(deps: EndpointDeps, session: Session, params: Params, call: string, ip: string, now: Date): Promise<object> {
  if (!call) throw new ApiError(messages.callMissing());
  const { world } = session;
  authenticate(world.table('api_access'), text(params, 'api_id'), text(params, 'api_key'), ip, call);
  const operation = Object.hasOwn(deps.operations, call) ? deps.operations[call] : undefined;
  if (!operation) throw new ApiError(messages.callUnknown(call));
  const input = validate(call, params);
  const ctx = { db: world, now };
  if (!operation.mutates) return operation.run(input, ctx);
  const result = world.transaction(() => operation.run(input, ctx));
  await world.persist();
  return result;
}

function validate(call: string, params: Params): Params {
  const input: Params = {};
  for (const [key, value] of Object.entries(params)) if (!TRANSPORT.has(key)) input[key] = value;
  const check = requestValidator(call);
  if (!check(input)) throw new ApiError(paramMessage(check.errors![0]));
  return input;
}
