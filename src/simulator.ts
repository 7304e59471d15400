import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.js';
import { API_PATH } from './http/endpoint.js';
import { DEFAULT_SESSION } from './session/sessions.js';
import type { Control } from './session/control.js';
import type { ClockChange } from './session/control-input.js';
import type { CollectionName, RecordOf } from './store/world.js';
import type {
  AutomationChange,
  AutomationFilter,
  AutomationStatus,
  AutomationSummary,
  ClockSet,
  ClockState,
  Coverage,
  DeliveriesQuery,
  Delivery,
  RaisedEvent,
  Webhook,
  WebhookSpec,
  Email,
  EmailFilter,
  Fault,
  FaultSpec,
  JournalEntry,
  JournalFilter,
  SnapshotInfo,
  Stub,
  StubSpec,
  NearMiss,
} from './generated/wire.js';

/**
 * In-process access to one session's control features: the same service as
 * the /__billsim routes, so the same rules and the same messages (a refused
 * request rejects with an Error whose message the route would answer). Every
 * method resolves once the daily automation has run for each midnight the
 * session's clock passed, as a request to the API would.
 */
export interface SessionHandle {
  readonly name: string;
  /** Back to the seed (state, journal, faults, clock), once saved. */
  reset(): Promise<void>;
  requests(filter?: JournalFilter): Promise<JournalEntry[]>;
  clearRequests(): Promise<void>;
  /** The e-mails billsim would have sent, newest first (only those to `to`, when given). */
  emails(filter?: EmailFilter): Promise<Email[]>;
  clearEmails(): Promise<void>;
  coverage(): Promise<Coverage>;
  addFault(spec: FaultSpec): Promise<Fault>;
  faults(): Promise<Fault[]>;
  clearFaults(): Promise<void>;
  /** Answers a call your way (any call name): resolves with the stored stub and its id. */
  stub(spec: StubSpec): Promise<Stub>;
  /** The stubs, oldest first, each with the requests it answered (`hits`). */
  stubs(): Promise<Stub[]>;
  /** The last requests of a stubbed call no stub answered, newest first, each with the closest stub and what differed. */
  nearMisses(): Promise<NearMiss[]>;
  /** Removes a stub by its id ("1", or 1). */
  removeStub(id: string | number): Promise<void>;
  clearStubs(): Promise<void>;
  now(): Promise<Date>;
  clock(): Promise<ClockState>;
  /**
   * `{ now }`, `{ advanceSeconds }` or `{ advanceDays }`, each with or without `frozen`; or `{ frozen }` alone.
   * Resolves once the daily automation has run for every midnight passed, with what it did.
   */
  setClock(change: ClockChange): Promise<ClockSet>;
  /** Stops a clock move whose days are running (its setClock resolves with `automation.cancelled`); false when none runs. */
  cancelClock(): Promise<boolean>;
  setNow(date: Date): Promise<void>;
  advance(seconds: number): Promise<void>;
  /** Moves the clock on by whole days, running the daily automation once for each; resolves with what it did. */
  advanceDays(days: number): Promise<AutomationSummary>;
  /** Whether the daily automation runs, the last day it ran for, and its log, newest first. */
  automation(filter?: AutomationFilter): Promise<AutomationStatus>;
  /** Turns the daily automation on or off for this session. */
  setAutomation(change: AutomationChange): Promise<AutomationStatus>;
  /** Runs the automation for midnights the clock passed by real time since the session last answered, and says what it did. */
  catchUp(): Promise<AutomationSummary>;
  snapshot(name: string): Promise<SnapshotInfo>;
  restore(name: string): Promise<void>;
  deleteSnapshot(name: string): Promise<void>;
  snapshots(): Promise<SnapshotInfo[]>;
  state<K extends CollectionName>(collection: K): Promise<readonly RecordOf<K>[]>;
  /** Adds a webhook; resolves with it and its secret (made up when none is given, and shown only here). */
  addWebhook(spec: WebhookSpec): Promise<Webhook>;
  /** The webhooks, secrets shown by their first characters. */
  webhooks(): Promise<Webhook[]>;
  /** Removes a webhook; its pending deliveries are kept as failed. */
  removeWebhook(id: number): Promise<void>;
  clearWebhooks(): Promise<void>;
  /** The events the world raised, in order (with or without webhooks). */
  events(): Promise<RaisedEvent[]>;
  /** The webhook deliveries, oldest first; `wait` (seconds) holds the answer until none is pending. */
  deliveries(query?: DeliveriesQuery): Promise<Delivery[]>;
  /** Resolves once no webhook delivery is pending: a test awaits it instead of sleeping. */
  webhooksSettled(): Promise<void>;
  /** Sends a delivery again, as a new delivery. */
  redeliver(id: number): Promise<Delivery>;
  record<K extends CollectionName>(collection: K, id: string): Promise<RecordOf<K> | undefined>;
  /**
   * An access token of the customer's door (/api/...) for client or contact `id`, as a login would
   * answer it, without the password: `Authorization: Bearer <token>`.
   */
  customerToken(id: string): Promise<string>;
}

export interface Simulator {
  app: FastifyInstance;
  /** The API URL once listening (e.g. http://127.0.0.1:49152/admin/api.php); '' before. */
  readonly url: string;
  /** What loading the world changed to make pasted records fit, one line each (also printed by the command line). */
  readonly warnings: readonly string[];
  listen(options?: { port?: number; host?: string }): Promise<string>;
  close(): Promise<void>;
  /** Resets every session to the seed. */
  reset(): Promise<void>;
  session(name?: string): SessionHandle;
}

/**
 * Each method finds the session anew, as a request would: a session dropped to
 * keep within maxSessions is refused (its error says so) until it is reset.
 */
function handle(control: Control, name: string): SessionHandle {
  // Each method is async, so that a session refused (a dropped one) rejects rather than throws.
  const of = () => control.session(name);
  of(); // a bad name throws here, not at first use
  return {
    name,
    reset: async () => void (await control.reset(undefined, name)),
    requests: async (filter = {}) => of().requests(filter),
    clearRequests: async () => of().clearRequests(),
    emails: async (filter = {}) => of().emails(filter),
    clearEmails: async () => of().clearEmails(),
    coverage: async () => of().coverage(),
    addFault: async (spec) => of().addFault(spec),
    faults: async () => of().faults(),
    clearFaults: async () => of().clearFaults(),
    stub: async (spec) => of().addStub(spec),
    stubs: async () => of().stubs(),
    nearMisses: async () => of().nearMisses(),
    removeStub: async (id) => of().removeStub(id),
    clearStubs: async () => of().clearStubs(),
    now: async () => of().now(),
    clock: async () => of().clock(),
    setClock: async (change) => of().setClock(change),
    cancelClock: async () => of().cancelClock().cancelled,
    setNow: async (date) => void (await of().setClock({ now: date })),
    advance: async (seconds) => void (await of().setClock({ advanceSeconds: seconds })),
    advanceDays: async (days) => (await of().setClock({ advanceDays: days })).automation,
    automation: async (filter = {}) => of().automation(filter),
    setAutomation: async (change) => of().setAutomation(change),
    catchUp: async () => of().catchUp(),
    snapshot: async (snapshot) => of().saveSnapshot(snapshot),
    restore: async (snapshot) => of().restoreSnapshot(snapshot),
    deleteSnapshot: async (snapshot) => of().deleteSnapshot(snapshot),
    snapshots: async () => of().snapshots(),
    state: async (collection) => of().rows(collection),
    record: async (collection, id) => of().record(collection, id),
    customerToken: async (id) => (await of().customerToken(id)).token,
    addWebhook: async (spec) => of().addWebhook(spec),
    webhooks: async () => of().webhooks(),
    removeWebhook: async (id) => of().removeWebhook(id),
    clearWebhooks: async () => of().clearWebhooks(),
    events: async () => of().events(),
    deliveries: async (query = {}) => (await of().deliveries(query)).deliveries,
    webhooksSettled: async () => of().webhooksSettled(),
    redeliver: async (id) => of().redeliver(id),
  };
}

/**
 * billsim for another repository's tests: `app.inject` works without a port,
 * `listen()` serves on 127.0.0.1 and a free port by default.
 */
export async function createSimulator(options: AppOptions = {}): Promise<Simulator> {
  const app = await buildApp(options);
  const { control } = app.billsim;
  let url = '';
  return {
    app,
    get url() {
      return url;
    },
    warnings: app.billsim.warnings,
    async listen({ port = 0, host = '127.0.0.1' } = {}) {
      const address = await app.listen({ port, host });
      url = `${address}${API_PATH}`;
      return url;
    },
    close: () => app.close(),
    reset: async () => void (await control.resetAll()),
    session: (name = DEFAULT_SESSION) => handle(control, name),
  };
}
