import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_SESSION, isValidSessionName, type Session, type Sessions } from '../store/sessions.js';
import { COLLECTION_NAMES } from '../store/fixtures.js';
import { formatDateTime, parseDateTime } from '../domain/dates.js';
import { unixTime } from './envelope.js';
import { secretEquals } from './auth.js';
import { SESSION_HEADER } from './endpoint.js';
import { PersistError, type CollectionName } from '../store/world.js';

export const CONTROL_PREFIX = '/__billsim';
/**
 * Per session. A snapshot holds a copy of every collection's row list (about
 * 10 MB at a million invoices), and every request checks the fault list, so
 * neither may grow without end.
 */
export const MAX_SNAPSHOTS = 50;
export const MAX_FAULTS = 100;

export interface ControlDeps {
  sessions: Sessions;
  calls: readonly string[];
  version: string;
  controlToken?: string;
}

/** Control routes are ours, not the emulated API's: JSON errors with real 4xx statuses. */
class ControlError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Waits for a state change to be saved; a data file that cannot be written is a 503 naming the reason. */
async function saved(what: string, change: Promise<void>): Promise<void> {
  try {
    await change;
  } catch (error) {
    if (error instanceof PersistError)
      throw new ControlError(503, `The ${what} was not applied: saving the data file failed (${error.message})`);
    throw error;
  }
}

function sessionOf(request: FastifyRequest, sessions: Sessions): Session {
  const header = request.headers[SESSION_HEADER];
  const name = typeof header === 'string' ? header : DEFAULT_SESSION;
  if (!isValidSessionName(name))
    throw new ControlError(400, `Header ${SESSION_HEADER} must be 1-64 characters of A-Z, a-z, 0-9, ".", "_" or "-"`);
  return sessions.get(name);
}

function body(request: FastifyRequest): Record<string, unknown> {
  const value = request.body;
  if (value === undefined || value === null || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new ControlError(400, 'Body must be a JSON object');
  return value as Record<string, unknown>;
}

function collectionOf(name: string): CollectionName {
  if (!(COLLECTION_NAMES as string[]).includes(name)) {
    throw new ControlError(404, `Unknown collection "${name}"; known: ${COLLECTION_NAMES.join(', ')}`);
  }
  return name as CollectionName;
}

export function registerControl(app: FastifyInstance, deps: ControlDeps): void {
  void app.register(
    async (control) => {
      control.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
        const status =
          error instanceof ControlError ? error.statusCode : error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
        void reply.status(status).send({ error: status === 500 ? 'Internal simulator error' : error.message });
      });
      if (deps.controlToken) {
        const token = deps.controlToken;
        control.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
          const header = request.headers.authorization ?? '';
          const given = header.startsWith('Bearer ') ? header.slice(7) : '';
          if (!given || !secretEquals(given, token)) {
            return reply.status(401).send({ error: 'Control routes need the header Authorization: Bearer <control token>' });
          }
        });
      }
      registerSessionRoutes(control, deps);
      registerInspectionRoutes(control, deps);
      registerFaultAndClockRoutes(control, deps);
    },
    { prefix: CONTROL_PREFIX },
  );
}

function registerSessionRoutes(app: FastifyInstance, { sessions, version }: ControlDeps): void {
  app.get('/health', async () => ({ status: 'ok', version, sessions: sessions.names().length }));
  app.post('/reset', async (request) => {
    const all = (request.query as Record<string, unknown>).all;
    const targets = all === '1' || all === 'true' ? sessions.all() : [sessionOf(request, sessions)];
    for (const session of targets) {
      // The state first, saved or put back; the journal, faults and clock only once it is saved.
      await saved(
        'reset',
        session.world.replaceState(() => session.world.reset()),
      );
      session.reset(sessions.startNow);
    }
    return { reset: targets.map((s) => s.name) };
  });
  app.get('/sessions', async () => ({
    sessions: sessions.all().map((s) => ({
      name: s.name,
      createdAt: s.createdAt.toISOString(),
      requests: s.journal.list().length,
      snapshots: [...s.snapshots.keys()],
    })),
  }));
  app.delete<{ Params: { name: string } }>('/sessions/:name', async (request, reply) => {
    if (!sessions.delete(request.params.name)) throw new ControlError(404, `Session "${request.params.name}" not found`);
    return reply.status(200).send({ deleted: request.params.name });
  });
  app.post<{ Params: { name: string } }>('/snapshots/:name', async (request) => {
    const session = sessionOf(request, sessions);
    if (!session.snapshots.has(request.params.name) && session.snapshots.size >= MAX_SNAPSHOTS) {
      throw new ControlError(
        409,
        `Session "${session.name}" already holds ${MAX_SNAPSHOTS} snapshots: ` +
          `delete one (DELETE ${CONTROL_PREFIX}/snapshots/:name) or save over an existing name`,
      );
    }
    const savedAt = formatDateTime(session.clock.now());
    session.snapshots.set(request.params.name, { savedAt, data: session.world.snapshot() });
    return { saved: request.params.name, session: session.name, savedAt };
  });
  app.post<{ Params: { name: string } }>('/snapshots/:name/restore', async (request) => {
    const session = sessionOf(request, sessions);
    const snapshot = session.snapshots.get(request.params.name);
    if (!snapshot) throw new ControlError(404, `Snapshot "${request.params.name}" not found in session "${session.name}"`);
    await saved(
      'restore',
      session.world.replaceState(() => session.world.restore(snapshot.data)),
    );
    return { restored: request.params.name, session: session.name };
  });
  app.delete<{ Params: { name: string } }>('/snapshots/:name', async (request) => {
    const session = sessionOf(request, sessions);
    if (!session.snapshots.delete(request.params.name)) {
      throw new ControlError(404, `Snapshot "${request.params.name}" not found in session "${session.name}"`);
    }
    return { deleted: request.params.name, session: session.name };
  });
  app.get('/snapshots', async (request) => {
    const session = sessionOf(request, sessions);
    return { snapshots: [...session.snapshots].map(([name, s]) => ({ name, savedAt: s.savedAt })) };
  });
}

function registerInspectionRoutes(app: FastifyInstance, { sessions, calls }: ControlDeps): void {
  app.get('/requests', async (request) => {
    const query = request.query as Record<string, unknown>;
    const limitText = typeof query.limit === 'string' ? query.limit : undefined;
    if (limitText !== undefined && !/^[1-9][0-9]{0,5}$/.test(limitText))
      throw new ControlError(400, 'limit must be a positive whole number');
    const call = typeof query.call === 'string' && query.call ? query.call : undefined;
    return { requests: sessionOf(request, sessions).journal.list(call, limitText ? Number(limitText) : undefined) };
  });
  app.delete('/requests', async (request) => {
    sessionOf(request, sessions).journal.clear();
    return { cleared: true };
  });
  app.get('/coverage', async (request) => {
    const { coverage } = sessionOf(request, sessions).journal;
    const names = [...new Set([...calls, ...coverage.keys()])].sort();
    const rows = Object.fromEntries(names.map((name) => [name, coverage.get(name) ?? { requests: 0, successes: 0, errors: 0 }]));
    return { calls: rows, unexercised: calls.filter((name) => !coverage.has(name)) };
  });
  app.get<{ Params: { collection: string } }>('/state/:collection', async (request) => {
    const name = collectionOf(request.params.collection);
    return { [name]: sessionOf(request, sessions).world.all(name) };
  });
  app.get<{ Params: { collection: string; id: string } }>('/state/:collection/:id', async (request) => {
    const name = collectionOf(request.params.collection);
    const row = sessionOf(request, sessions).world.get(name, request.params.id);
    if (!row) throw new ControlError(404, `No record ${request.params.id} in ${name}`);
    return row;
  });
}

function registerFaultAndClockRoutes(app: FastifyInstance, { sessions, calls }: ControlDeps): void {
  app.post('/faults', async (request, reply) => {
    const input = body(request);
    const call = input.call;
    if (typeof call !== 'string' || !(call === '*' || calls.includes(call))) {
      throw new ControlError(400, 'call must name an API call (or "*" for every call)');
    }
    const error = input.error;
    if (error !== undefined && (!Array.isArray(error) || error.length === 0 || !error.every((e) => typeof e === 'string'))) {
      throw new ControlError(400, 'error must be a non-empty array of strings');
    }
    const status = optionalInt(input.status, 'status', 100, 599);
    const delayMs = optionalInt(input.delayMs, 'delayMs', 0, 60_000);
    const times = optionalInt(input.times, 'times', 1, 1_000_000);
    if (error === undefined && status === undefined && delayMs === undefined) {
      throw new ControlError(400, 'a fault needs at least one of error, status or delayMs');
    }
    const session = sessionOf(request, sessions);
    if (session.faults.size >= MAX_FAULTS) {
      throw new ControlError(
        409,
        `Session "${session.name}" already has ${MAX_FAULTS} faults: clear them (DELETE ${CONTROL_PREFIX}/faults) first`,
      );
    }
    const fault = session.faults.add({ call, error: error as string[] | undefined, status, delayMs, times });
    return reply.status(201).send(fault);
  });
  app.get('/faults', async (request) => ({ faults: sessionOf(request, sessions).faults.all() }));
  app.delete('/faults', async (request) => {
    sessionOf(request, sessions).faults.clear();
    return { cleared: true };
  });
  app.get('/clock', async (request) => clockState(sessionOf(request, sessions)));
  app.post('/clock', async (request) => {
    const session = sessionOf(request, sessions);
    const input = body(request);
    if (typeof input.now === 'string') {
      const date = parseDateTime(input.now);
      if (!date) throw new ControlError(400, 'now must be "YYYY-MM-DD HH:MM:SS"');
      session.clock.set(date);
    } else if (input.advanceSeconds !== undefined) {
      const seconds = input.advanceSeconds;
      if (typeof seconds !== 'number' || !Number.isInteger(seconds)) throw new ControlError(400, 'advanceSeconds must be a whole number');
      session.clock.advance(seconds);
    } else {
      throw new ControlError(400, 'Give either now ("YYYY-MM-DD HH:MM:SS") or advanceSeconds');
    }
    return clockState(session);
  });
}

function clockState(session: Session) {
  const now = session.clock.now();
  return { now: formatDateTime(now), server_time: unixTime(now), frozen: session.clock.frozen };
}

function optionalInt(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new ControlError(400, `${name} must be a whole number from ${min} to ${max}`);
  }
  return value;
}
