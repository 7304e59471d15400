import { Clock } from './clock.js';
import { formatDate } from '../lib/dates.js';
import { Journal } from './journal.js';
import { Faults } from './faults.js';
import { PersistError, type Seed, type View, World } from '../store/world.js';
import type { Saver } from '../store/saver.js';
import { messages } from '../errors.js';
import { type AutomationSummary, catchUp } from './automation.js';
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

export class Session {
  readonly world: World;
  readonly clock: Clock;
  readonly journal: Journal;
  readonly faults = new Faults();
  /** Saved states by name: each collection's rows at the time (rows are never mutated in place). */
  readonly snapshots = new Map<string, { savedAt: string; data: Collections }>();
  readonly createdAt = new Date();
  /** Whether the daily automation runs as the clock passes midnight (the --no-automation flag, or the control route). */
  automationEnabled: boolean;
  /** The day the automation counts from while the state has never run it: the clock's day when the session started. */
  automationFrom: string;

  constructor(
    readonly name: string,
    seed: Seed,
    private readonly options: SessionOptions = {},
    saver?: Saver,
  ) {
    this.world = new World(seed, saver);
    this.clock = new Clock(options.now, options.realNow);
    this.journal = new Journal(options.journalLimit);
    this.automationEnabled = options.automation ?? true;
    this.automationFrom = formatDate(this.clock.now());
  }

  /**
   * The one way in to the session's state, for every front end: the daily
   * automation first runs for each midnight the clock passed, then fn reads
   * the state at the clock's moment.
   */
  async read<R>(fn: (world: View, now: Date) => R | Promise<R>): Promise<R> {
    await this.caughtUp();
    return fn(this.world, this.clock.now());
  }

  /**
   * As read, with fn's writes made as one mutation: applied and saved whole,
   * or not at all (a failed save is a not-saved ControlError naming `what`).
   */
  async write<R>(fn: (world: World, now: Date) => R, what = 'change'): Promise<R> {
    await this.caughtUp();
    return saved(
      what,
      this.world.mutate(() => fn(this.world, this.clock.now())),
    );
  }

  /** Runs the daily automation for the midnights the clock passed since it last ran; what it did. */
  caughtUp(): Promise<AutomationSummary> {
    return saved('daily automation', catchUp(this));
  }

  /**
   * Back to the seed: state, journal, faults and clock; snapshots are kept.
   * The state is replaced through the world's save queue like any mutation;
   * the rest is cleared only once that is saved (a reset that cannot be saved
   * changes nothing), and before the next queued mutation runs.
   */
  reset(): Promise<void> {
    return saved(
      'reset',
      this.world.replaceState(
        () => this.world.reset(),
        () => {
          this.journal.clear();
          this.faults.clear();
          this.clock.reset();
          this.automationEnabled = this.options.automation ?? true;
          this.automationFrom = formatDate(this.clock.now());
        },
      ),
    );
  }

  /** Makes a saved state the current one, through the save queue. */
  restore(data: Collections): Promise<void> {
    return saved(
      'restore',
      this.world.replaceState(() => this.world.restore(data)),
    );
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
