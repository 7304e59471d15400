import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.js';
import { API_PATH } from './http/endpoint.js';
import { DEFAULT_SESSION, type Session } from './store/sessions.js';
import type { CollectionName, RecordOf } from './store/world.js';
import type { CallCoverage, JournalEntry } from './store/journal.js';
import type { Fault, FaultSpec } from './store/faults.js';

/** In-process access to one session's control features (the same as the /__billsim routes). */
export interface SessionHandle {
  readonly name: string;
  reset(): void;
  requests(filter?: { call?: string; limit?: number }): JournalEntry[];
  clearRequests(): void;
  coverage(): Record<string, CallCoverage>;
  addFault(spec: FaultSpec): Fault;
  faults(): Fault[];
  clearFaults(): void;
  now(): Date;
  setNow(date: Date): void;
  advance(seconds: number): void;
  snapshot(name: string): void;
  restore(name: string): void;
  state<K extends CollectionName>(collection: K): readonly RecordOf<K>[];
  record<K extends CollectionName>(collection: K, id: string): RecordOf<K> | undefined;
}

export interface Simulator {
  app: FastifyInstance;
  /** The API URL once listening (e.g. http://127.0.0.1:49152/admin/api.php); '' before. */
  readonly url: string;
  listen(options?: { port?: number; host?: string }): Promise<string>;
  close(): Promise<void>;
  /** Resets every session to the seed. */
  reset(): void;
  session(name?: string): SessionHandle;
}

function handle(session: Session, startNow: Date | undefined): SessionHandle {
  return {
    name: session.name,
    reset: () => session.reset(startNow),
    requests: (filter = {}) => session.journal.list(filter.call, filter.limit),
    clearRequests: () => session.journal.clear(),
    coverage: () => Object.fromEntries(session.journal.coverage),
    addFault: (spec) => session.faults.add(spec),
    faults: () => session.faults.all(),
    clearFaults: () => session.faults.clear(),
    now: () => session.clock.now(),
    setNow: (date) => session.clock.set(date),
    advance: (seconds) => session.clock.advance(seconds),
    snapshot: (name) => void session.snapshots.set(name, { savedAt: session.clock.now().toISOString(), data: session.world.snapshot() }),
    restore: (name) => {
      const saved = session.snapshots.get(name);
      if (!saved) throw new Error(`Snapshot "${name}" not found in session "${session.name}"`);
      session.world.restore(saved.data);
    },
    state: (collection) => session.world.all(collection),
    record: (collection, id) => session.world.get(collection, id),
  };
}

/**
 * billsim for another repository's tests: `app.inject` works without a port,
 * `listen()` serves on 127.0.0.1 and a free port by default.
 */
export async function createSimulator(options: AppOptions = {}): Promise<Simulator> {
  const app = await buildApp(options);
  const { sessions } = app.billsim;
  let url = '';
  return {
    app,
    get url() {
      return url;
    },
    async listen({ port = 0, host = '127.0.0.1' } = {}) {
      const address = await app.listen({ port, host });
      url = `${address}${API_PATH}`;
      return url;
    },
    close: () => app.close(),
    reset: () => {
      for (const s of sessions.all()) s.reset(sessions.startNow);
    },
    session: (name = DEFAULT_SESSION) => handle(sessions.get(name), sessions.startNow),
  };
}
