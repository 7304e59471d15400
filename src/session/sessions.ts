import { Clock } from './clock.js';
import { formatDate, formatDateTime } from '../lib/dates.js';
import { Journal } from './journal.js';
import { type Fault, Faults } from './faults.js';
import type { SavedSession } from './saved-state.js';
import { PersistError, type Seed, type View, World } from '../store/world.js';
import type { Saver, SessionEntry, SessionSaver } from '../store/saver.js';
import { messages } from '../errors.js';
import { type AutomationSummary, behind, catchUp } from './automation.js';
import { ControlError } from './control-error.js';
import type { Collections } from '../generated/wire.js';

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

  constructor(
    readonly name: string,
    seed: Seed,
    private readonly options: SessionOptions = {},
    saver?: Saver & Partial<SessionSaver>,
  ) {
    this.world = new World(seed, saver);
    this.clock = new Clock(options.now, options.realNow);
    this.journal = new Journal(options.journalLimit);
    this.automationEnabled = options.automation ?? true;
    this.automationFrom = formatDate(this.clock.now());
    if (saver?.saveSession) {
      this.store = saver as SessionSaver;
      this.store.sessionEntry = () => this.savedState() as unknown as SessionEntry;
    }
  }

  /**
   * The one way in to the session's state, for every front end: the daily
   * automation first runs for each midnight the clock passed, then fn reads
   * the state at the clock's moment.
   */
  async read<R>(fn: (world: View, now: Date) => R | Promise<R>): Promise<R> {
    // Most requests find nothing to run: they skip the catch-up's promises.
    if (behind(this)) await this.caughtUp();
    return fn(this.world, this.clock.now());
  }

  /**
   * As read, with fn's writes made as one mutation: applied and saved whole,
   * or not at all (a failed save is a not-saved ControlError naming `what`).
   * `prepare` (slow work kept off the event loop) is awaited in the write
   * queue just before fn, with the state fn will see.
   */
  async write<R>(fn: (world: World, now: Date) => R, what = 'change', prepare?: (world: View) => Promise<void>): Promise<R> {
    if (behind(this)) await this.caughtUp();
    return saved(
      what,
      this.world.mutate(() => fn(this.world, this.clock.now()), prepare && (() => prepare(this.world))),
    );
  }

  /** Runs the daily automation for the midnights the clock passed since it last ran; what it did. */
  caughtUp(): Promise<AutomationSummary> {
    return saved('daily automation', catchUp(this));
  }

  /**
   * Changes the session's own state (its clock, faults, automation switch,
   * snapshots) in order with the mutations of its collections, and saves it
   * when the session has a data file: a change that cannot be saved is put
   * back and refused as not saved. `apply` checks before it changes anything.
   */
  changeOwn<R>(apply: () => R, what = 'change'): Promise<R> {
    return saved(
      what,
      this.world.queued(async () => {
        const before = this.ownState();
        const result = apply();
        await this.saveOwn(before);
        return result;
      }),
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
    return saved(
      'snapshot',
      this.world.queued(async () => {
        check();
        const before = this.ownState();
        const replaced = this.snapshots.get(name);
        const now = this.clock.now();
        const snapshot: Snapshot = {
          savedAt: formatDateTime(now),
          data: this.world.snapshot(),
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
    return saved(
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
        () => this.journal.clear(),
        () => this.putBack(before),
      ),
    );
  }

  /** Makes a snapshot the current state, clock included, through the save queue. */
  restore(snapshot: Snapshot): Promise<void> {
    let before: OwnState;
    return saved(
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
    );
  }

  /** The session's own state as a data file keeps it. */
  savedState(): SavedSession {
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
    };
  }

  /** Takes back the state a data file kept (at start-up); `readSnapshot` reads a snapshot's collections by file number. */
  load(state: SavedSession, readSnapshot: (file: number) => Collections): void {
    const snapshots = new Map(state.snapshots.list.map((s) => [s.name, { ...s, data: readSnapshot(s.file) }]));
    this.putBack({ saved: state, snapshots });
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
   * Sessions kept at once (default 200; 0 for no limit). Beyond it the least
   * recently used session other than the default is dropped: its next request
   * starts again from the seed. Every session holds a journal and copies of the
   * collections it wrote, so without a bound a client that invents session
   * names grows memory without end.
   */
  maxSessions?: number;
}

/** Isolated worlds by name, each created from the seed on first use; the least recently used go beyond maxSessions. */
export class Sessions {
  /** In order of use, least recent first (a Map keeps insertion order; get() moves a session to the end). */
  private readonly map = new Map<string, Session>();
  /** Sessions dropped to stay within maxSessions since start. */
  evicted = 0;

  constructor(
    readonly seed: Seed,
    private readonly options: SessionOptions = {},
  ) {}

  get(name: string = DEFAULT_SESSION): Session {
    let session = this.map.get(name);
    if (session) {
      this.map.delete(name);
    } else {
      const saver = name === DEFAULT_SESSION ? this.options.defaultSaver : undefined;
      session = new Session(name, this.seed, this.options, saver);
      if (name === DEFAULT_SESSION && this.options.defaultData) session.world.restore(this.options.defaultData);
      const kept = name === DEFAULT_SESSION ? this.options.defaultSession : undefined;
      if (kept) session.load(kept.state, kept.readSnapshot);
    }
    this.map.set(name, session);
    this.evict();
    return session;
  }

  get maxSessions(): number {
    return this.options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  }

  private evict(): void {
    const max = this.maxSessions;
    if (!(max > 0) || this.map.size <= max) return;
    for (const name of this.map.keys()) {
      if (this.map.size <= max) break;
      if (name === DEFAULT_SESSION) continue; // the default session (and its data file) is never dropped
      this.map.delete(name);
      this.evicted++;
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

  delete(name: string): boolean {
    return this.map.delete(name);
  }
}
