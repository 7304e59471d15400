import { Clock } from './clock.js';
import { dayNumber, formatDate, formatDateTime } from '../lib/dates.js';
import { Journal } from './journal.js';
import { type Fault, Faults } from './faults.js';
import { StubLog } from './stub-log.js';
import type { SavedSession } from './saved-state.js';
import { PersistError, type Raised, type Seed, type View, World } from '../store/world.js';
import type { Saver, SessionEntry, SessionSaver } from '../store/saver.js';
import { messages } from '../errors.js';
import { type AutomationSummary, behind, catchUp, CatchUpRun, lastRun } from './automation.js';
import { ControlError } from './control-error.js';
import type { Collections } from '../generated/wire.js';
import { KeptAnswers } from './kept-answers.js';
import { MemoryBudget } from './memory.js';
import { stubBytes } from './stubs.js';
import { type DeliveryOptions, type Webhook, Webhooks } from './webhooks.js';

export const DEFAULT_SESSION = 'default';
/** Sessions kept at once by default; the least recently used one beyond it is dropped. */
export const DEFAULT_MAX_SESSIONS = 1000;
const NAME = /^[A-Za-z0-9._-]{1,64}$/;

export function isValidSessionName(name: string): boolean {
  return NAME.test(name);
}

/** Waits for a change of state to be saved; a data file that cannot be written is a not-saved error naming what was not applied. */
async function saved<R>(what: string, change: Promise<R>): Promise<R> {
  try {
    return await change;
  } catch (error) {
    if (error instanceof PersistError) throw new ControlError('not-saved', messages.notSaved(error.message, what));
    throw error;
  }
}

/** A saved state of a session: its collections, and its clock and automation day then. */
export interface Snapshot {
  savedAt: string;
  data: Collections;
  /** The clock's moment (ms) and whether it was frozen. */
  at: number;
  frozen: boolean;
  automationFrom: string;
  /** The number of its file beside the data file (when the session has one). */
  file: number;
}

/** Bytes a snapshot is counted for: a slot per row it holds (rows are shared with the state, not copied) and its lists. */
export function snapshotBytes(data: Collections): number {
  let rows = 0;
  for (const list of Object.values(data)) rows += (list as unknown[]).length;
  return 8 * rows + 64 * Object.keys(data).length;
}

/**
 * Bytes counted for each row a session's state holds beyond its seed's count:
 * an estimate of a record's size (most are a few hundred bytes as JSON).
 */
export const STATE_ROW_BYTES = 512;

/** The session's own state before a change, to put back when the change cannot be saved. */
interface OwnState {
  saved: SavedSession;
  snapshots: Map<string, Snapshot>;
}

export class Session {
  readonly world: World;
  readonly clock: Clock;
  readonly journal: Journal;
  readonly faults = new Faults();
  /** What the stubs did: their hits and the near misses (src/session/stub-log.ts); cleared with the journal. */
  readonly stubLog = new StubLog();
  /** The answers kept for repeated reads (src/session/kept-answers.ts). */
  readonly answers: KeptAnswers;
  /** Saved states by name: each collection's rows at the time (rows are never mutated in place). */
  readonly snapshots = new Map<string, Snapshot>();
  readonly createdAt = new Date();
  /** Whether the daily automation runs as the clock passes midnight (the --no-automation flag, or the control route). */
  automationEnabled: boolean;
  /** The day the automation counts from while the state has never run it: the clock's day when the session started. */
  automationFrom: string;
  /** The number the next snapshot's file gets. */
  private nextSnapshotFile = 1;
  /** Where the session's own state is kept beside its collections (the data file's log); memory only without one. */
  private readonly store?: SessionSaver;
  /** Requests inside the session's gate now: a session with one in flight is never dropped. */
  private inFlight = 0;
  /** The catch-up running, if any: every request of the session waits for it (caughtUp). */
  private catching?: { run: CatchUpRun; done: Promise<AutomationSummary> };
  /** Set when the session was dropped: what its next request is told. */
  private gone?: string;
  /** Bytes of the state's growth and of the snapshots, as counted in the memory budget. */
  private stateCounted = 0;
  private snapshotsCounted = 0;
  readonly budget: MemoryBudget;
  /** The receivers told of what the world raises (src/session/webhooks.ts). */
  readonly webhooks: Webhooks;
  /**
   * Where the ids of the events the running mutation raises go, for its request's journal entry:
   * set as the mutation starts in the world's queue, so its commit hands them to its own request.
   * (Not an AsyncLocalStorage: one in use makes every promise of the process cost more.)
   */
  private raisingInto?: number[];
  /** A save of the webhooks is queued: later changes ride on it. */
  private webhooksSaveQueued = false;

  constructor(
    readonly name: string,
    seed: Seed,
    private readonly options: SessionOptions = {},
    saver?: Saver & Partial<SessionSaver>,
  ) {
    this.world = new World(seed, saver);
    this.clock = new Clock(options.now, options.realNow);
    this.budget = options.budget ?? new MemoryBudget();
    this.journal = new Journal(options.journalLimit, this.budget);
    this.answers = new KeptAnswers(this.budget);
    this.automationEnabled = options.automation ?? true;
    this.automationFrom = formatDate(this.clock.now());
    this.webhooks = new Webhooks({
      now: () => this.clock.now(),
      realNow: options.realNow,
      delivery: options.webhookDelivery,
      budget: this.budget,
      changed: () => this.saveWebhooks(),
      publicUse: (url) => options.onPublicWebhook?.(name, url),
    });
    for (const spec of this.initialWebhooks()) this.webhooks.add(spec);
    this.world.onRaised = (raised, byDay, staged) => {
      const ids = this.webhooks.accept(raised, byDay, staged);
      if (!byDay) this.raisingInto?.push(...ids);
    };
    if (saver?.saveSession) {
      this.store = saver as SessionSaver;
      this.store.sessionEntry = () => this.savedState() as unknown as SessionEntry;
      // The deliveries a mutation's events queue are saved in the mutation's own write.
      this.world.stageRaised = (raised) =>
        this.webhooks.subscribed(raised) ? (this.savedState(raised) as unknown as SessionEntry) : undefined;
    }
  }

  /**
   * The one way in to the session's state, for every front end: the daily
   * automation first runs for each midnight the clock passed, then fn reads
   * the state at the clock's moment.
   */
  async read<R>(fn: (world: View, now: Date) => R | Promise<R>): Promise<R> {
    this.enter();
    try {
      // Most requests find nothing to run: they skip the catch-up's promises.
      if (behind(this)) await this.caughtUp();
      return await fn(this.world, this.clock.now());
    } finally {
      this.inFlight--;
    }
  }

  /**
   * As read, for a reader that never waits: fn runs at once, unless the daily
   * automation is due first, when nothing runs and undefined says to take read.
   * Nothing else can run while fn does, so it needs no count of requests inside.
   */
  readNow<R>(fn: (world: View, now: Date) => R): R | undefined {
    this.checkNotGone();
    return behind(this) ? undefined : fn(this.world, this.clock.now());
  }

  /**
   * As read, with fn's writes made as one mutation: applied and saved whole,
   * or not at all (a failed save is a not-saved ControlError naming `what`).
   * `prepare` (slow work kept off the event loop) is awaited in the write
   * queue just before fn, with the state fn will see. `raised` gets the ids
   * of the events the mutation raised, once it is committed.
   */
  async write<R>(
    fn: (world: World, now: Date) => R,
    what = 'change',
    prepare?: (world: View) => Promise<void>,
    raised?: number[],
  ): Promise<R> {
    return this.held(async () => {
      if (behind(this)) await this.caughtUp();
      try {
        return await saved(
          what,
          this.world.mutate(
            () => {
              this.raisingInto = raised;
              return fn(this.world, this.clock.now());
            },
            prepare && (() => prepare(this.world)),
          ),
        );
      } finally {
        if (this.raisingInto === raised) this.raisingInto = undefined;
        this.measureState();
      }
    });
  }

  /**
   * Whether a mutation can be made at once (writeNow): the session is not
   * dropped, no daily automation is due, and the world can apply it without
   * waiting (no change queued, no data file to save to).
   */
  canWriteNow(): boolean {
    return this.gone === undefined && !behind(this) && this.world.canMutateNow;
  }

  /**
   * As write, within the caller's own turn, for a session that canWriteNow:
   * fn's writes are applied whole, or undone when it throws. `raised` gets
   * the ids of the events the mutation raised.
   */
  writeNow<R>(fn: (world: World, now: Date) => R, raised?: number[]): R {
    this.raisingInto = raised;
    try {
      return this.world.mutateNow(() => fn(this.world, this.clock.now()));
    } finally {
      this.raisingInto = undefined;
      this.measureState();
    }
  }

  /** The webhooks a new or reset session starts with: the fixtures' (every session) and the command line's (the default session). */
  private initialWebhooks(): Omit<Webhook, 'id'>[] {
    const { webhooks = [], defaultWebhooks = [] } = this.options;
    return this.name === DEFAULT_SESSION ? [...webhooks, ...defaultWebhooks] : [...webhooks];
  }

  /**
   * Saves the webhooks and the pending deliveries with the session's own state
   * (a data file only), after the change being saved; changes made meanwhile
   * ride on one save. A save that fails is tried again with the next change.
   */
  private saveWebhooks(): void {
    const { store } = this;
    if (!store || this.webhooksSaveQueued || this.gone !== undefined) return;
    this.webhooksSaveQueued = true;
    void this.world
      .queued(async () => {
        this.webhooksSaveQueued = false;
        await store.saveSession(this.savedState() as unknown as SessionEntry);
      })
      .catch((error: Error) => this.options.onSaveFailed?.(this.name, error.message));
  }

  /** Whether a request is inside the session's gate now. */
  get busy(): boolean {
    return this.inFlight > 0;
  }

  /**
   * Drops the session: what it keeps leaves the memory budget, and its next
   * request (from a client still holding it) is refused with `message`.
   */
  drop(message: string): void {
    this.gone = message;
    this.webhooks.stop();
    this.webhooks.reset([]);
    this.journal.clear();
    this.stubLog.clear();
    this.answers.clear();
    this.budget.change('snapshots', -this.snapshotsCounted);
    this.budget.change('state', -this.stateCounted);
    this.snapshotsCounted = 0;
    this.stateCounted = 0;
    this.snapshots.clear();
  }

  /** Counts a request in; a dropped session refuses it. */
  private enter(): void {
    this.checkNotGone();
    this.inFlight++;
  }

  private checkNotGone(): void {
    if (this.gone !== undefined) throw new ControlError('gone', this.gone);
  }

  private async held<R>(fn: () => Promise<R>): Promise<R> {
    this.enter();
    try {
      return await fn();
    } finally {
      this.inFlight--;
    }
  }

  /** Counts the state's growth and the snapshots in the memory budget (after a state is loaded whole). */
  measure(): void {
    this.measureState();
    this.measureSnapshots();
  }

  /** Counts the state's rows beyond the seed's, and its stubs, in the memory budget (after every change of state). */
  private measureState(): void {
    const bytes = this.world.grownRows() * STATE_ROW_BYTES + this.stubsBytes();
    this.budget.change('state', bytes - this.stateCounted);
    this.stateCounted = bytes;
  }

  /**
   * The bytes of the stubs the session added (the seed's are shared by every
   * session): far more than a row's estimate, an answer being up to 1 MB.
   * Measured again only when the stubs may have changed.
   */
  private stubsBytes(): number {
    const changes = this.world.changesOf('stubs');
    if (changes !== this.stubsMeasured.changes) {
      let bytes = 0;
      for (const stub of this.world.changedRows('stubs')) bytes += stubBytes(stub);
      this.stubsMeasured = { changes, bytes };
    }
    return this.stubsMeasured.bytes;
  }
  private stubsMeasured = { changes: -1, bytes: 0 };

  /** Counts the snapshots held in the memory budget (after every change of them). */
  private measureSnapshots(): void {
    let bytes = 0;
    for (const snapshot of this.snapshots.values()) bytes += snapshotBytes(snapshot.data);
    this.budget.change('snapshots', bytes - this.snapshotsCounted);
    this.snapshotsCounted = bytes;
  }

  /**
   * Runs the daily automation for the midnights the clock passed since it last
   * ran; what it did. One catch-up runs at a time: a request that finds one
   * running waits for it and shares its summary.
   */
  caughtUp(): Promise<AutomationSummary> {
    if (this.catching) return this.catching.done;
    const run = new CatchUpRun();
    const done = saved('daily automation', this.catchUpOrCancel(run)).finally(() => {
      this.catching = undefined;
      this.measureState();
    });
    this.catching = { run, done };
    return done;
  }

  /** Where the catch-up running stands, or undefined when none runs. */
  get catchingUp(): CatchUpRun['progress'] | undefined {
    return this.catching && (this.catching.run.progress ?? { from: '', to: '', day: '', done: 0, days: 0 });
  }

  /**
   * Stops the catch-up running after its slice: the days it ran stay, and the
   * clock goes back to the last of them (at the time of day it was moved to),
   * so no request runs the rest. False when none runs.
   */
  cancelCatchUp(): boolean {
    if (!this.catching) return false;
    this.catching.run.cancelled = true;
    return true;
  }

  private async catchUpOrCancel(run: CatchUpRun): Promise<AutomationSummary> {
    const summary = await catchUp(this, run);
    if (!run.cancelled || !behind(this)) return summary;
    const last = dayNumber(lastRun(this.world) ?? this.automationFrom);
    const moment = last * 86_400_000 + (this.clock.now().getTime() % 86_400_000);
    await this.changeOwn(() => this.clock.setMoment(moment, this.clock.frozen), 'clock move cancelled');
    return { ...summary, cancelled: true };
  }

  /**
   * Changes the session's own state (its clock, faults, automation switch,
   * snapshots) in order with the mutations of its collections, and saves it
   * when the session has a data file: a change that cannot be saved is put
   * back and refused as not saved. `apply` checks before it changes anything.
   */
  changeOwn<R>(apply: () => R, what = 'change'): Promise<R> {
    return this.held(() =>
      saved(
        what,
        this.world.queued(async () => {
          const before = this.ownState();
          const result = apply();
          await this.saveOwn(before);
          return result;
        }),
      ).finally(() => this.measureSnapshots()),
    );
  }

  /** The fault this request of `call` meets, counted down (and the count saved), or undefined. */
  takeFault(call: string): Promise<Fault | undefined> | undefined {
    const next = this.faults.next(call);
    if (!next) return undefined;
    // A fault that lasts until removed does not change when it is met: nothing to save.
    if (next.remaining === null) return Promise.resolve(this.faults.take(call));
    return this.changeOwn(() => this.faults.take(call));
  }

  /** Saves the state and the clock under `name`, replacing a snapshot of that name; `check` may refuse first. */
  saveSnapshot(name: string, check: () => void): Promise<Snapshot> {
    return this.held(() =>
      saved(
        'snapshot',
        this.world.queued(async () => {
          check();
          const data = this.world.snapshot();
          const replaced = this.snapshots.get(name);
          const grows = snapshotBytes(data) - (replaced ? snapshotBytes(replaced.data) : 0);
          if (grows > 0 && !this.budget.fits(grows)) {
            throw new ControlError('over-cap', messages.snapshotOverBudget(this.budget.limit));
          }
          const before = this.ownState();
          const now = this.clock.now();
          const snapshot: Snapshot = {
            savedAt: formatDateTime(now),
            data,
            at: now.getTime(),
            frozen: this.clock.frozen,
            automationFrom: this.automationFrom,
            file: this.nextSnapshotFile++,
          };
          this.snapshots.set(name, snapshot);
          try {
            await this.store?.saveSnapshot(snapshot.file, snapshot.data);
          } catch (error) {
            this.putBack(before);
            throw new PersistError((error as Error).message);
          }
          await this.saveOwn(before, snapshot.file);
          if (replaced) await this.store?.removeSnapshot(replaced.file).catch(() => undefined);
          return snapshot;
        }),
      ).finally(() => this.measureSnapshots()),
    );
  }

  /** Forgets a snapshot (and removes its file once that is saved). */
  async deleteSnapshot(name: string): Promise<void> {
    const gone = this.snapshots.get(name);
    await this.changeOwn(() => this.snapshots.delete(name));
    if (gone) await this.store?.removeSnapshot(gone.file).catch(() => undefined);
  }

  /**
   * Back to the seed: state, journal, faults and clock; snapshots are kept.
   * The state is replaced through the world's save queue like any mutation and
   * saved with the session's own state; when that fails, everything is put
   * back. The journal is cleared only once it is saved.
   */
  reset(): Promise<void> {
    let before: OwnState;
    return this.held(() =>
      saved(
        'reset',
        this.world.replaceState(
          () => {
            before = this.ownState();
            this.world.reset();
            this.faults.clear();
            this.clock.reset();
            this.automationEnabled = this.options.automation ?? true;
            this.automationFrom = formatDate(this.clock.now());
          },
          () => {
            this.journal.clear();
            this.webhooks.reset(this.initialWebhooks());
            this.stubLog.clear();
          },
          () => this.putBack(before),
        ),
      ).finally(() => this.measureState()),
    );
  }

  /** Makes a snapshot the current state, clock included, through the save queue. */
  restore(snapshot: Snapshot): Promise<void> {
    let before: OwnState;
    return this.held(() =>
      saved(
        'restore',
        this.world.replaceState(
          () => {
            before = this.ownState();
            this.world.restore(snapshot.data);
            this.clock.setMoment(snapshot.at, snapshot.frozen);
            this.automationFrom = snapshot.automationFrom;
          },
          undefined,
          () => this.putBack(before),
        ),
      ).finally(() => this.measureState()),
    );
  }

  /** The session's own state as a data file keeps it. */
  savedState(raising?: readonly Raised[]): SavedSession {
    const list = [...this.snapshots].map(([name, { savedAt, at, frozen, automationFrom, file }]) => ({
      name,
      savedAt,
      at,
      frozen,
      automationFrom,
      file,
    }));
    return {
      clock: this.clock.saved(),
      automation: { enabled: this.automationEnabled, from: this.automationFrom },
      faults: this.faults.saved(),
      snapshots: { next: this.nextSnapshotFile, list },
      webhooks: this.webhooks.saved(raising),
    };
  }

  /** Takes back the state a data file kept (at start-up); `readSnapshot` reads a snapshot's collections by file number. */
  load(state: SavedSession, readSnapshot: (file: number) => Collections): void {
    const snapshots = new Map(state.snapshots.list.map((s) => [s.name, { ...s, data: readSnapshot(s.file) }]));
    this.putBack({ saved: state, snapshots });
    if (state.webhooks) this.webhooks.load(state.webhooks);
    this.measure();
  }

  /** The numbers of the snapshot files the session names. */
  snapshotFiles(): number[] {
    return [...this.snapshots.values()].map((s) => s.file);
  }

  private ownState(): OwnState {
    return { saved: this.savedState(), snapshots: new Map(this.snapshots) };
  }

  private putBack({ saved: state, snapshots }: OwnState): void {
    this.clock.load(state.clock);
    this.automationEnabled = state.automation.enabled;
    this.automationFrom = state.automation.from;
    this.faults.load(state.faults);
    this.nextSnapshotFile = state.snapshots.next;
    this.snapshots.clear();
    for (const [name, snapshot] of snapshots) this.snapshots.set(name, snapshot);
  }

  /** Saves the own state after a change; puts `before` back (and drops a new snapshot file) when that fails. */
  private async saveOwn(before: OwnState, newFile?: number): Promise<void> {
    if (!this.store) return;
    try {
      await this.store.saveSession(this.savedState() as unknown as SessionEntry);
    } catch (error) {
      this.putBack(before);
      if (newFile !== undefined) await this.store.removeSnapshot(newFile).catch(() => undefined);
      throw new PersistError((error as Error).message);
    }
  }
}

export interface SessionOptions {
  /** Frozen start time for every new session's clock (the --now flag). */
  now?: Date;
  /** The real time clocks run with (tests move it; default Date.now). */
  realNow?: () => number;
  /** Whether the daily automation runs in new sessions (default true; --no-automation turns it off). */
  automation?: boolean;
  /** Where the default session keeps its committed state (memory only without one). */
  defaultSaver?: Saver;
  /** Request journal entries kept per session. */
  journalLimit?: number;
  /** The default session's saved state (from --data), instead of the seed. */
  defaultData?: Collections;
  /** The default session's own state (clock, faults, snapshots) as its data file kept it. */
  defaultSession?: { state: SavedSession; readSnapshot: (file: number) => Collections };
  /**
   * Sessions kept at once (default 1000; 0 for no limit). Beyond it the least
   * recently used idle session other than the default is dropped: its next
   * request is refused, naming the drop, until it is reset. Every session holds
   * a journal and copies of the collections it wrote, so without a bound a
   * client that invents session names grows memory without end.
   */
  maxSessions?: number;
  /** Bytes all sessions may keep besides their state (src/session/memory.ts); default a quarter of the heap limit. */
  memoryBudget?: number;
  /** The budget a session counts in (set by Sessions: one for all of them). */
  budget?: MemoryBudget;
  /** Webhooks every session starts with (a fixtures folder's webhooks.json). */
  webhooks?: Omit<Webhook, 'id'>[];
  /** Webhooks the default session starts with besides (the --webhook flags). */
  defaultWebhooks?: Omit<Webhook, 'id'>[];
  /** How webhook deliveries are sent: time-out, attempts, back-off (tests shorten them). */
  webhookDelivery?: Partial<DeliveryOptions>;
  /** Told the first time a session's webhook is sent to a public address (the server logs it). */
  onPublicWebhook?: (session: string, url: string) => void;
  /** Told when the webhooks could not be saved to the data file (the server logs it). */
  onSaveFailed?: (session: string, message: string) => void;
  /** Told of every session dropped, with the message its next request gets (the server logs it). */
  onDrop?: (name: string, message: string) => void;
}

/** Names of dropped sessions remembered, so that their next request is refused rather than answered from a new world. */
export const REMEMBERED_DROPS = 100_000;

/** Isolated worlds by name, each created from the seed on first use; the least recently used go beyond maxSessions. */
export class Sessions {
  /** In order of use, least recent first (a Map keeps insertion order; get() moves a session to the end). */
  private readonly map = new Map<string, Session>();
  /** The name get() moved to the end last (it stays there until another is moved or added). */
  private newest?: string;
  /** Names of sessions dropped to stay within maxSessions, oldest first, with what their next request is told. */
  private readonly gone = new Map<string, string>();
  /** Sessions dropped to stay within maxSessions since start. */
  evicted = 0;
  /** The one memory budget every session counts in. */
  readonly budget: MemoryBudget;
  private readonly sessionOptions: SessionOptions;

  constructor(
    readonly seed: Seed,
    private readonly options: SessionOptions = {},
  ) {
    this.budget = new MemoryBudget(options.memoryBudget);
    this.sessionOptions = { ...options, budget: this.budget };
  }

  /** The session of that name, created from the seed on first use; a dropped session's name is refused until it is reset. */
  get(name: string = DEFAULT_SESSION): Session {
    let session = this.map.get(name);
    // The session used last is already the newest: moving it would only churn the map.
    if (session && name === this.newest) return session;
    if (session) {
      this.map.delete(name);
    } else {
      const dropped = this.gone.get(name);
      if (dropped !== undefined) throw new ControlError('gone', dropped);
      const saver = name === DEFAULT_SESSION ? this.options.defaultSaver : undefined;
      session = new Session(name, this.seed, this.sessionOptions, saver);
      if (name === DEFAULT_SESSION && this.options.defaultData) session.world.restore(this.options.defaultData);
      const kept = name === DEFAULT_SESSION ? this.options.defaultSession : undefined;
      if (kept) session.load(kept.state, kept.readSnapshot);
      session.measure();
    }
    this.map.set(name, session);
    this.newest = name;
    this.evict();
    return session;
  }

  /**
   * The moment an answer that reached no session states as server_time (a
   * body that could not be read, a bad session header): the named session's
   * clock; a new session's start for a name not yet in use (nothing is created
   * for it); the default session's when no valid name was given.
   */
  clockNow(name: unknown): Date {
    const named = typeof name === 'string' && isValidSessionName(name) ? name : DEFAULT_SESSION;
    const held = this.map.get(named);
    if (held) return held.clock.now();
    if (named === DEFAULT_SESSION) return this.get(DEFAULT_SESSION).clock.now();
    return new Clock(this.options.now, this.options.realNow).now();
  }

  get maxSessions(): number {
    return this.options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  }

  /** The other sessions in memory whose world has a stub for `call` (at most `limit` names): for the hint of an unknown call. */
  stubbedElsewhere(call: string, except: string, limit = 3): string[] {
    const names: string[] = [];
    for (const [name, session] of this.map) {
      if (names.length >= limit) break;
      if (name !== except && session.world.where('stubs', 'call', call).length > 0) names.push(name);
    }
    return names;
  }

  /** Forgets that a session was dropped: its name starts a new session from the seed (a reset asks for that). */
  revive(name: string): boolean {
    return this.gone.delete(name);
  }

  /** Forgets every dropped session (a reset of all sessions). */
  reviveAll(): void {
    this.gone.clear();
  }

  private evict(): void {
    const max = this.maxSessions;
    if (!(max > 0) || this.map.size <= max) return;
    for (const [name, session] of this.map) {
      if (this.map.size <= max) break;
      // The default session (and its data file) is never dropped, nor a session answering a request.
      if (name === DEFAULT_SESSION || session.busy) continue;
      this.map.delete(name);
      this.evicted++;
      const message = messages.sessionDropped(name, max, new Date().toISOString());
      session.drop(message);
      this.gone.set(name, message);
      if (this.gone.size > REMEMBERED_DROPS) this.gone.delete(this.gone.keys().next().value as string);
      this.options.onDrop?.(name, message);
    }
  }

  names(): string[] {
    return [...this.map.keys()];
  }

  has(name: string): boolean {
    return this.map.has(name);
  }

  all(): Session[] {
    return [...this.map.values()];
  }

  /** Deletes a session (its next request starts a new one from the seed); false when none of that name is held or dropped. */
  delete(name: string): boolean {
    const session = this.map.get(name);
    const revived = this.revive(name);
    if (!session) return revived;
    this.map.delete(name);
    session.drop(messages.sessionDeleted(name));
    return true;
  }
}
