// Session control: the one home of its rules. The HTTP control routes and the
// in-process handle of createSimulator() both call it and only translate its
// answers and its ControlError (a status over HTTP, a thrown Error in-process).
import { formatDateTime, unixTime } from '../lib/dates.js';
import { DEFAULT_PER_PAGE, type Sorter } from '../lib/lists.js';
import { outbox } from '../domain/outbox.js';
import { mayLogIn } from '../domain/clients.js';
import { issueTokens, keepKey, newKeyPair, signingKey, startLogin } from '../domain/customerTokens.js';
import type {
  UserApiTokens,
  AutomationStatus as AutomationState,
  ClockState,
  Coverage,
  ProxyHealth,
  Email,
  SessionSummary,
  SnapshotInfo,
  Stub,
  Delivery,
  RaisedEvent,
  Webhook,
} from '../generated/wire.js';
import { EVENT_NAMES } from '../domain/events.js';
import { MAX_WEBHOOKS, newSecret } from './webhooks.js';
import { automationLog } from '../domain/automation.js';
import { type AutomationSummary, lastRun } from './automation.js';
import { badInput, ControlError, quoted } from './control-error.js';
import {
  automationChangeOf,
  automationFilterOf,
  clockChangeOf,
  collectionName,
  deliveriesQueryOf,
  deliveryIdOf,
  emailFilterOf,
  webhookIdOf,
  webhookSpecOf,
  faultIdOf,
  faultSpecOf,
  MAX_STUBS,
  stubIdOf,
  stubSpecOf,
  stubsQueryOf,
  journalFilterOf,
  MAX_FAULTS,
  MAX_SNAPSHOTS,
  resetsAll,
  sessionNameOf,
  snapshotName,
  stateQueryOf,
} from './control-input.js';
import type { Fault } from './faults.js';
import { addStub, stubBytes, stubsPage, stubWarnings } from './stubs.js';
import type { NearMiss } from './stub-log.js';
import { messages } from '../errors.js';
import { COLLECTION_NAMES } from '../store/fixtures.js';
import { maskSecret } from '../lib/secrets.js';
import type { JournalEntry } from './journal.js';
import { DEFAULT_SESSION, isValidSessionName, type Session, type Sessions, type Snapshot } from './sessions.js';
import type { CollectionName, RecordOf, View } from '../store/world.js';

export { collectionFields } from './control-input.js';
export { MAX_FAULTS, MAX_SNAPSHOTS };
export type { AutomationState, ClockState, Coverage, SessionSummary, SnapshotInfo };

/** Control over every session. */
export class Control {
  /** Where calls are forwarded (--proxy), as health shows it. */
  proxy?: ProxyHealth;

  constructor(
    readonly sessions: Sessions,
    readonly calls: readonly string[],
  ) {}

  /** One session's controls; the name is what a client sent (the session header). */
  session(name: unknown = DEFAULT_SESSION): SessionControl {
    if (typeof name !== 'string' || !isValidSessionName(name)) {
      throw badInput('A session name is 1-64 characters of A-Z, a-z, 0-9, ".", "_" or "-"');
    }
    return new SessionControl(this.sessions.get(name), this.calls);
  }

  health(version: string) {
    const memory = this.sessions.budget.use();
    return {
      status: 'ok' as const,
      version,
      sessions: this.sessions.names().length,
      maxSessions: this.sessions.maxSessions,
      evicted: this.sessions.evicted,
      ...(this.proxy && { proxy: this.proxy }),
      memory,
    };
  }

  list(): SessionSummary[] {
    return this.sessions.all().map((s) => ({
      name: s.name,
      createdAt: s.createdAt.toISOString(),
      requests: s.journal.size,
      snapshots: [...s.snapshots.keys()],
    }));
  }

  delete(sent: unknown): void {
    const name = sessionNameOf(sent);
    // A new default session would start from the data file as it was at start-up, not as it is now.
    if (name === DEFAULT_SESSION) throw badInput('The default session cannot be deleted: reset it (POST /__billsim/reset) instead');
    if (!this.sessions.delete(name)) throw new ControlError('not-found', `Session ${quoted(name)} not found`);
  }

  /** Resets the session named, or every one when the query asks for all; returns their names. */
  async reset(query: unknown, name?: unknown): Promise<string[]> {
    if (resetsAll(query)) return this.resetAll();
    // A reset is how a dropped session is started again.
    if (typeof name === 'string') this.sessions.revive(name);
    const session = this.session(name);
    await session.reset();
    return [session.name];
  }

  /** Resets every session, one after another; returns their names. */
  async resetAll(): Promise<string[]> {
    this.sessions.reviveAll();
    const all = this.sessions.all();
    for (const session of all) await session.reset();
    return all.map((s) => s.name);
  }
}

export interface StatePage<T> {
  rows: readonly T[];
  /** Present when a page was asked for (page or perpage). */
  sorter?: Sorter;
}

/**
 * One session's controls. Every one enters the session through its read or
 * write (src/session/sessions.ts), so the daily automation has run for every
 * midnight the clock passed before anything is answered or changed.
 */
/**
 * Records as the state routes show them: API keys masked (first characters
 * only), since the state is read by pages and tools that must not learn them.
 * The journal redacts them too (journal.ts); the world keeps them whole.
 */
function shownRows<T>(name: CollectionName, rows: readonly T[]): readonly T[] {
  // The customer's door's signing key: its public half is enough to check a token.
  if (name === 'userapi_keys')
    return rows.map((row) => ({ ...row, private_key: maskSecret((row as RecordOf<'userapi_keys'>).private_key) }) as T);
  if (name !== 'api_access') return rows;
  return rows.map((row) => {
    const access = row as RecordOf<'api_access'>;
    return { ...access, api_key: maskSecret(access.api_key) } as T;
  });
}

export class SessionControl {
  constructor(
    private readonly session: Session,
    private readonly calls: readonly string[],
  ) {}

  get name(): string {
    return this.session.name;
  }

  /** Runs fn once the session has caught up (see Session.read). */
  private read<R>(fn: () => R | Promise<R>): Promise<R> {
    return this.session.read(fn);
  }

  reset(): Promise<void> {
    return this.session.reset();
  }

  // ---------------------------------------------------------------- snapshots

  async saveSnapshot(name: unknown): Promise<SnapshotInfo> {
    const key = snapshotName(name);
    const check = () => {
      const { snapshots } = this.session;
      if (!snapshots.has(key) && snapshots.size >= MAX_SNAPSHOTS) {
        throw new ControlError(
          'over-cap',
          `Session ${quoted(this.name)} already holds ${MAX_SNAPSHOTS} snapshots: ` +
            'delete one (DELETE /__billsim/snapshots/:name) or save over an existing name',
        );
      }
    };
    const { savedAt } = await this.read(() => this.session.saveSnapshot(key, check));
    return { name: key, savedAt };
  }

  /** Makes a snapshot the current state: its collections, its clock and the automation's day. */
  async restoreSnapshot(name: unknown): Promise<void> {
    const snapshot = this.snapshot(name);
    await this.read(() => this.session.restore(snapshot));
  }

  async deleteSnapshot(name: unknown): Promise<void> {
    this.snapshot(name);
    return this.read(() => this.session.deleteSnapshot(name as string));
  }

  snapshots(): Promise<SnapshotInfo[]> {
    return this.read(() => [...this.session.snapshots].map(([name, s]) => ({ name, savedAt: s.savedAt })));
  }

  private snapshot(name: unknown): Snapshot {
    const found = this.session.snapshots.get(snapshotName(name));
    if (!found) throw new ControlError('not-found', `Snapshot ${quoted(name as string)} not found in session ${quoted(this.name)}`);
    return found;
  }

  // ---------------------------------------------------------------- faults

  async addFault(input: unknown): Promise<Fault> {
    const spec = faultSpecOf(input, this.calls);
    const add = () => {
      if (this.session.faults.size >= MAX_FAULTS) {
        throw new ControlError(
          'over-cap',
          `Session ${quoted(this.name)} already has ${MAX_FAULTS} faults: clear them (DELETE /__billsim/faults) first`,
        );
      }
      return this.session.faults.add(spec);
    };
    return this.read(() => this.session.changeOwn(add, 'fault'));
  }

  faults(): Promise<Fault[]> {
    return this.read(() => this.session.faults.all());
  }

  clearFaults(): Promise<void> {
    return this.read(() => this.session.changeOwn(() => this.session.faults.clear(), 'clearing of the faults'));
  }

  /** Removes one fault by its id (as listed, "1", or the number 1). */
  async removeFault(id: unknown): Promise<void> {
    const number = String(faultIdOf(id));
    const remove = () => {
      if (!this.session.faults.remove(number)) {
        throw new ControlError('not-found', `Fault ${number} not found in session ${quoted(this.name)}: GET /__billsim/faults lists them`);
      }
    };
    return this.read(() => this.session.changeOwn(remove, 'removal of the fault'));
  }

  // ---------------------------------------------------------------- stubs

  /**
   * Stores a stub (a record of the session's world, saved like any change);
   * answers it with its id. Its JSON counts in the memory budget as the
   * session's state, which is never dropped: a stub that does not fit is refused.
   */
  async addStub(input: unknown): Promise<Stub> {
    const spec = stubSpecOf(input);
    const bytes = stubBytes(spec);
    return this.session.write((world) => {
      if (world.count('stubs') >= MAX_STUBS) {
        throw new ControlError(
          'over-cap',
          `Session ${quoted(this.name)} already has ${MAX_STUBS} stubs: remove some (DELETE /__billsim/stubs/:id) or all (DELETE /__billsim/stubs) first`,
        );
      }
      const { budget } = this.session;
      if (!budget.fits(bytes)) throw new ControlError('over-cap', messages.stubOverBudget(bytes, budget.limit));
      const stub = addStub(world, spec);
      const warnings = stubWarnings(stub);
      return warnings.length > 0 ? { ...stub, warnings } : stub;
    }, 'stub');
  }

  /** Every stub, oldest first, each with the requests it answered (`hits`). */
  stubs(): Promise<Stub[]> {
    return this.session.read((world) => world.all('stubs').map((stub) => this.counted(stub)));
  }

  /** One page of the stubs, as GET /__billsim/stubs lists them (src/session/stubs.ts says how a page ends), with their hits. */
  async stubsPage(query: unknown = {}): Promise<{ stubs: Stub[]; next?: number }> {
    const { after, limit } = stubsQueryOf(query);
    const page = await this.session.read((world) => stubsPage(world.all('stubs'), after, limit));
    return { ...page, stubs: page.stubs.map((stub) => this.counted(stub)) };
  }

  /** The last requests no stub answered though one nearly did, newest first, each with that stub and what differed. */
  nearMisses(): Promise<NearMiss[]> {
    return this.session.read(() => this.session.stubLog.nearMisses());
  }

  private counted(stub: Stub): Stub {
    return { ...stub, hits: this.session.stubLog.hits(stub.id) };
  }

  async clearStubs(): Promise<void> {
    await this.session.write((world) => {
      for (const stub of [...world.all('stubs')]) world.remove('stubs', stub.id);
    }, 'clearing of the stubs');
  }

  /** Removes one stub by its id (as listed, "1", or the number 1). */
  async removeStub(id: unknown): Promise<void> {
    const number = String(stubIdOf(id));
    await this.session.write((world) => {
      if (!world.get('stubs', number)) {
        throw new ControlError('not-found', `Stub ${number} not found in session ${quoted(this.name)}: GET /__billsim/stubs lists them`);
      }
      world.remove('stubs', number);
    }, 'removal of the stub');
  }

  // ---------------------------------------------------------------- clock

  now(): Promise<Date> {
    return this.session.read((_world, now) => now);
  }

  /** The clock; while a move's days run, at once and with how far they got (the session's other requests wait). */
  clock(): Promise<ClockState> {
    if (this.session.catchingUp) return Promise.resolve(this.clockAt(this.session.clock.now()));
    return this.session.read((_world, now) => this.clockAt(now));
  }

  private clockAt(now: Date): ClockState {
    const state: ClockState = { now: formatDateTime(now), server_time: unixTime(now), frozen: this.session.clock.frozen };
    const catchUp = this.session.catchingUp;
    if (catchUp) state.catchUp = { ...catchUp };
    return state;
  }

  /** Stops the running clock move after its slice (Session.cancelCatchUp); answers at once, without waiting for it. */
  cancelClock(): { cancelled: boolean } {
    return { cancelled: this.session.cancelCatchUp() };
  }

  /** Changes the clock, then runs the daily automation for every midnight it passed; answers the clock and what ran. */
  async setClock(change: unknown): Promise<ClockState & { automation: AutomationSummary }> {
    await this.read(() => this.session.changeOwn(() => this.session.clock.change(clockChangeOf(change)), 'clock change'));
    const automation = await this.session.caughtUp();
    return { ...this.clockAt(this.session.clock.now()), automation };
  }

  // ---------------------------------------------------------------- automation

  /** Runs the daily automation for the midnights the clock passed since it last ran (nothing when none). */
  catchUp(): Promise<AutomationSummary> {
    return this.session.caughtUp();
  }

  /** Whether the automation runs, the last day it ran for, and its log newest first. */
  async automation(filter: unknown = {}): Promise<AutomationState> {
    const { limit } = automationFilterOf(filter);
    return this.session.read((world) => this.automationOf(world, limit));
  }

  private automationOf(world: View, limit?: number): AutomationState {
    return {
      enabled: this.session.automationEnabled,
      last_run: lastRun(world) ?? this.session.automationFrom,
      entries: automationLog(world, limit),
    };
  }

  /** Turns the daily automation on or off for this session: { enabled: false } lets the clock pass midnight without it. */
  async setAutomation(change: unknown): Promise<AutomationState> {
    const { enabled } = automationChangeOf(change);
    const turn = () => {
      this.session.automationEnabled = enabled;
    };
    await this.read(() => this.session.changeOwn(turn, 'automation switch'));
    return this.session.read((world) => this.automationOf(world, 1));
  }

  // ---------------------------------------------------------------- journal, coverage, state

  async requests(filter: unknown = {}): Promise<JournalEntry[]> {
    const { call, limit } = journalFilterOf(filter);
    return this.read(() => this.session.journal.list(call || undefined, limit));
  }

  clearRequests(): Promise<void> {
    return this.read(() => this.session.journal.clear());
  }

  coverage(): Promise<Coverage> {
    return this.read(() => {
      const { coverage, stubbed } = this.session.journal;
      const names = [...new Set([...this.calls, ...coverage.keys()])].sort();
      const calls = Object.fromEntries(names.map((name) => [name, coverage.get(name) ?? { requests: 0, successes: 0, errors: 0 }]));
      const byStubs = Object.fromEntries([...stubbed.keys()].sort().map((name) => [name, stubbed.get(name)!]));
      return { calls, unexercised: this.calls.filter((name) => !coverage.has(name)), stubbed: byStubs };
    });
  }

  // ---------------------------------------------------------------- webhooks

  /** Adds a webhook (saved like the faults); answers it with its secret, made up when none was given. */
  async addWebhook(input: unknown): Promise<Webhook> {
    const spec = webhookSpecOf(input, EVENT_NAMES);
    const { webhooks } = this.session;
    const add = () => {
      if (webhooks.size >= MAX_WEBHOOKS) {
        throw new ControlError(
          'over-cap',
          `Session ${quoted(this.name)} already has ${MAX_WEBHOOKS} webhooks: remove one (DELETE /__billsim/webhooks/:id) or all (DELETE /__billsim/webhooks) first`,
        );
      }
      return webhooks.add({
        url: spec.url,
        secret: spec.secret ?? newSecret(),
        events: spec.events ?? [],
        contentType: spec.contentType ?? 'json',
        timestamp: spec.timestamp ?? 'real',
      });
    };
    return this.read(() => this.session.changeOwn(add, 'webhook'));
  }

  /** The webhooks, oldest first, secrets shown by their first characters. */
  webhooks(): Promise<Webhook[]> {
    return this.read(() => this.session.webhooks.all().map((hook) => ({ ...hook, secret: maskSecret(hook.secret) })));
  }

  /** Removes one webhook; its pending deliveries are kept as failed. */
  removeWebhook(id: unknown): Promise<void> {
    const number = webhookIdOf(id);
    const remove = () => {
      if (!this.session.webhooks.remove(number)) {
        throw new ControlError(
          'not-found',
          `Webhook ${number} not found in session ${quoted(this.name)}: GET /__billsim/webhooks lists them`,
        );
      }
    };
    return this.read(() => this.session.changeOwn(remove, 'removal of the webhook'));
  }

  clearWebhooks(): Promise<void> {
    return this.read(() => this.session.changeOwn(() => this.session.webhooks.clear(), 'clearing of the webhooks'));
  }

  /** The events the world raised, oldest first. */
  events(): Promise<RaisedEvent[]> {
    return this.read(() => this.session.webhooks.events());
  }

  /**
   * The deliveries, oldest first; with `wait`, once none is pending or after
   * that many seconds (`settled` says which).
   */
  async deliveries(query: unknown = {}): Promise<{ deliveries: Delivery[]; pending: number; settled: boolean }> {
    const { wait, event, state, limit } = deliveriesQueryOf(query);
    const { webhooks } = this.session;
    await this.read(() => undefined);
    if (wait) await webhooks.settledWithin(wait * 1000);
    let list = webhooks.deliveries().filter((d) => (!event || d.event === event) && (!state || d.state === state));
    if (limit !== undefined) list = list.slice(-limit);
    const pending = webhooks.pending;
    return { deliveries: list.map((d) => ({ ...d, attempts: [...d.attempts] })), pending, settled: pending === 0 };
  }

  /** Resolves once no delivery is pending. */
  async webhooksSettled(): Promise<void> {
    await this.read(() => undefined);
    await this.session.webhooks.settled();
  }

  /** Sends a delivery again, as a new delivery; answers it. */
  async redeliver(id: unknown): Promise<Delivery> {
    const number = deliveryIdOf(id);
    return this.read(() => {
      const { webhooks } = this.session;
      const old = webhooks.delivery(number);
      if (!old)
        throw new ControlError(
          'not-found',
          `Delivery ${number} not found in session ${quoted(this.name)}: GET /__billsim/webhooks/deliveries lists them`,
        );
      const again = webhooks.redeliver(number);
      if (!again)
        throw new ControlError(
          'not-found',
          `Webhook ${old.webhook} of delivery ${number} was removed: add a webhook and send the call again`,
        );
      return { ...again, attempts: [...again.attempts] };
    });
  }

  // ---------------------------------------------------------------- outbox

  /** The e-mails billsim would have sent, newest first; `to` keeps one recipient's. */
  async emails(filter: unknown = {}): Promise<Email[]> {
    const { to } = emailFilterOf(filter);
    return this.session.read((world) => outbox(world, to || undefined));
  }

  /** Empties the outbox, saved like any change of state. */
  async clearEmails(): Promise<void> {
    await this.session.write((world) => {
      for (const email of [...world.all('emails')]) world.remove('emails', email.id);
    }, 'clearing of the outbox');
  }

  collections(): Promise<{ name: CollectionName; rows: number }[]> {
    return this.session.read((world) => COLLECTION_NAMES.map((name) => ({ name, rows: world.count(name) })));
  }

  async rows<K extends CollectionName>(collection: K): Promise<readonly RecordOf<K>[]> {
    const name = collectionName(collection);
    return this.session.read((world) => shownRows(name, world.all(name)) as readonly RecordOf<K>[]);
  }

  /**
   * Records of a collection, optionally only those whose `field` equals `value`;
   * with `page` or `perpage`, one page of them, newest first, as the API's lists.
   */
  async rowsPage<K extends CollectionName>(collection: K, query: unknown = {}): Promise<StatePage<RecordOf<K>>> {
    const name = collectionName(collection);
    const { field, value, page, perpage } = stateQueryOf(name, query);
    const filtered = field !== undefined;
    return this.session.read((world) => {
      const rows = (filtered ? world.where(name, field as never, value as string) : world.all(name)) as readonly RecordOf<K>[];
      if (page === undefined && perpage === undefined) return { rows: shownRows(name, rows) };
      const cut = world.newestPage(name, rows, page ?? 0, perpage ?? DEFAULT_PER_PAGE);
      return { rows: shownRows(name, cut.items), sorter: cut.sorter };
    });
  }

  /**
   * A login at the customer's door for client or contact `personId`, made as
   * POST /api/login makes one but without its password: its access and refresh tokens.
   */
  async customerToken(personId: string): Promise<UserApiTokens> {
    const made = signingKey(this.session.world) ? undefined : await newKeyPair();
    const login = await this.session.write((world, now) => {
      const person = world.get('clients', String(personId));
      if (!person) throw new ControlError('not-found', messages.notFound('Client', String(personId)));
      if (!mayLogIn(world, person)) throw badInput(messages.customerTokenRefused(person.id, person.status));
      if (made) keepKey(world, made, now);
      const { row, refresh } = startLogin(world, person, this.session.name, now);
      return { person, sid: row.id, refresh };
    }, 'customer token');
    return issueTokens(this.session.world, login, this.session.name, this.session.clock.now());
  }

  /** The record, or undefined when the collection has no such id. */
  async record<K extends CollectionName>(collection: K, id: string): Promise<RecordOf<K> | undefined> {
    const name = collectionName(collection);
    return this.session.read((world) => {
      const row = world.get(name, String(id));
      return (row && shownRows(name, [row])[0]) as RecordOf<K> | undefined;
    });
  }
}
