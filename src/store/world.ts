import { Table } from './table.js';
import { type Page, paginate, newestFirst, sorterOf } from '../lib/lists.js';
import type { Collections } from '../generated/wire.js';
import type { Change, Saver, SessionEntry } from './saver.js';

export type CollectionName = keyof Collections;
export type RecordOf<K extends CollectionName> = Collections[K][number];
export type Tables = { [K in CollectionName]: Table<RecordOf<K>> };

// Seed rows are shared by every session, so they are frozen: an operation that
// mutated a record in place instead of replacing it would fail loudly in tests.
// Collections beyond the size tests use skip the freeze: it is a safety
// net for development, and its cost grows with the world (bench/README.md).
const FREEZE_LIMIT = 20_000;

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

/**
 * The immutable starting point every session begins from, indexed once and shared. Each
 * collection's table is made when first used, so a collection read on first use
 * (src/store/lazy.ts) is read then, not at start-up.
 */
export class Seed {
  readonly tables: Tables;
  constructor(readonly data: Collections) {
    const tables = {};
    for (const name of Object.keys(data) as CollectionName[]) {
      let table: Table<{ id: string }> | undefined;
      Object.defineProperty(tables, name, { enumerable: true, get: () => (table ??= seedTable(data[name])) });
    }
    this.tables = tables as Tables;
  }
}

function seedTable(rows: readonly unknown[]): Table<{ id: string }> {
  if (rows.length <= FREEZE_LIMIT) rows.forEach(deepFreeze);
  return new Table(rows as { id: string }[]);
}

/**
 * What operations read through: records by id, by an indexed field, a whole
 * collection, and newest-first pages. Nothing here writes; the store decides
 * how a page is cut (see Table.ordered) so no call needs to know.
 */
export interface View {
  get<K extends CollectionName>(name: K, id: string): RecordOf<K> | undefined;
  all<K extends CollectionName>(name: K): readonly RecordOf<K>[];
  /** Records whose `field` equals `value` (compared as strings), through an index. */
  where<K extends CollectionName, F extends keyof RecordOf<K> & string>(name: K, field: F, value: string): readonly RecordOf<K>[];
  /** Records whose computed key equals `value`, through an index cached under `index` (one name, one keyOf). */
  whereKey<K extends CollectionName>(name: K, index: string, keyOf: (row: RecordOf<K>) => string, value: string): readonly RecordOf<K>[];
  /** Records one of whose computed keys equals `value`, through an index cached under `index` (one name, one keysOf). */
  whereAnyKey<K extends CollectionName>(
    name: K,
    index: string,
    keysOf: (row: RecordOf<K>) => readonly string[],
    value: string,
  ): readonly RecordOf<K>[];
  count(name: CollectionName): number;
  /** Records whose computed date (undefined: none) is on or before `day` (and after `after`, given), in id order, through an index cached under `index` (one name, one keyOf). */
  dueBy<K extends CollectionName>(
    name: K,
    index: string,
    keyOf: (row: RecordOf<K>) => string | undefined,
    day: string,
    after?: string,
  ): readonly RecordOf<K>[];
  /** The highest `valueFor` over the collection's records (0 for none), kept under `aggregate` (one name, one valueFor) as records change. */
  max<K extends CollectionName>(name: K, aggregate: string, valueFor: (row: RecordOf<K>) => number): number;
  /** The id the next record inserted into `name` gets. */
  nextId(name: CollectionName): string;
  /** Notes that something happened (src/domain/events.ts): committed with the mutation running, at once outside one. It changes no record. */
  raise(raised: Raised): void;
  /** One page, newest first, of `rows`: the collection itself or a list `where` gave for it. */
  newestPage<K extends CollectionName>(name: K, rows: readonly RecordOf<K>[], page: number, perpage: number): Page<RecordOf<K>>;
}

/** A write outside a mutation: the call declares `mutates: false` but writes, or a test writes without a transaction. */
export class WriteOutsideMutation extends Error {
  constructor(name: string) {
    super(`Write to ${name} outside a mutation: declare the call mutating, or write inside World.transaction`);
  }
}

type Undo = () => void;

/** Something a mutation made happen, named (src/domain/events.ts keeps the names and payloads). */
export interface Raised {
  event: string;
  payload: Record<string, unknown>;
}

function rollBack(undo: Undo[]): void {
  for (let i = undo.length - 1; i >= 0; i--) undo[i]();
}

/** Persisting a mutation failed (the data file could not be written); the mutation was undone. */
export class PersistError extends Error {}

/**
 * One session's state. Rows are immutable: write with insert/replace/remove,
 * building a new object (spread the old one) for every change. Reads fall through to the shared seed tables; the first
 * write to a collection copies just that collection (copy-on-write), so a new
 * session costs almost nothing. Writes are refused outside a mutation or a
 * transaction, so a call that writes while declaring itself read-only fails.
 */
export class World implements View {
  private own = new Map<CollectionName, Table<{ id: string }>>();
  private undo: Undo[] | null = null;
  /**
   * Counts changes of state: every write, undo, reset and restore moves it on,
   * so an answer computed at one version is known to be current while the
   * version is unchanged (src/session/kept-answers.ts).
   */
  get version(): number {
    return this.stateVersion;
  }
  private stateVersion = 0;
  /** The changes of the mutation running, when a saver keeps them; a key's put is kept once, with its latest row. */
  private changes: Change[] | null = null;
  private putAt = new Map<string, number>();
  /** The mutation being saved, if any: the next one starts after it. */
  private writing: Promise<void> = Promise.resolve();
  /** Tasks in the queue (queued), running or waiting: none means a mutation may be applied at once (mutateNow). */
  private queuedTasks = 0;
  /** What the mutation running raised (src/domain/events.ts), handed on only once it is committed. */
  private raisedNow: Raised[] | null = null;
  /**
   * Told what a committed mutation raised, in order (`byDay`: the billing
   * clock's days raised it), or at once what is raised outside a mutation. A
   * mutation undone raised nothing.
   */
  onRaised?: (raised: Raised[], byDay: boolean, staged: boolean) => void;
  /**
   * Asked, with a saver, what a mutation raised before it is saved: the
   * session's own state to save in the same write (the deliveries the events
   * queue), so a crash cannot keep the change and lose them; undefined when
   * there is none. onRaised is then told they were staged.
   */
  stageRaised?: (raised: Raised[], byDay: boolean) => SessionEntry | undefined;

  /** Without a saver the state lives in memory only. */
  constructor(
    private seed: Seed,
    private saver?: Saver,
  ) {}

  private table<K extends CollectionName>(name: K): Table<RecordOf<K>> {
    return (this.own.get(name) ?? this.seed.tables[name]) as unknown as Table<RecordOf<K>>;
  }

  get<K extends CollectionName>(name: K, id: string): RecordOf<K> | undefined {
    return this.table(name).get(id);
  }

  all<K extends CollectionName>(name: K): readonly RecordOf<K>[] {
    return this.table(name).all();
  }

  where<K extends CollectionName, F extends keyof RecordOf<K> & string>(name: K, field: F, value: string): readonly RecordOf<K>[] {
    return this.table(name).where(field, value);
  }

  whereKey<K extends CollectionName>(name: K, index: string, keyOf: (row: RecordOf<K>) => string, value: string): readonly RecordOf<K>[] {
    return this.table(name).whereKey(index, keyOf, value);
  }

  whereAnyKey<K extends CollectionName>(
    name: K,
    index: string,
    keysOf: (row: RecordOf<K>) => readonly string[],
    value: string,
  ): readonly RecordOf<K>[] {
    return this.table(name).whereAnyKey(index, keysOf, value);
  }

  count(name: CollectionName): number {
    return this.table(name).size;
  }

  dueBy<K extends CollectionName>(
    name: K,
    index: string,
    keyOf: (row: RecordOf<K>) => string | undefined,
    day: string,
    after?: string,
  ): readonly RecordOf<K>[] {
    return this.table(name).dueBy(index, keyOf, day, after);
  }

  max<K extends CollectionName>(name: K, aggregate: string, valueFor: (row: RecordOf<K>) => number): number {
    return this.table(name).max(aggregate, valueFor);
  }

  /** Rows the state holds beyond the seed's, over the collections it copied (a session's growth, for the memory budget). */
  grownRows(): number {
    let rows = 0;
    for (const [name, table] of this.own) rows += Math.max(0, table.size - this.seed.tables[name].size);
    return rows;
  }

  /** The rows of a collection that are not the seed's own (added, or changed since): a session's growth in it. */
  changedRows<K extends CollectionName>(name: K): readonly RecordOf<K>[] {
    const table = this.own.get(name);
    if (!table) return [];
    const seed = this.seed.tables[name];
    return (table.all() as readonly RecordOf<K>[]).filter((row) => seed.get(row.id) !== row);
  }

  /** Moves on whenever a collection's rows may have changed (a write to it, an undo, a reset, a restore). */
  changesOf(name: CollectionName): number {
    return this.wholeChanges + (this.collectionChanges.get(name) ?? 0);
  }
  private wholeChanges = 0;
  private collectionChanges = new Map<CollectionName, number>();

  /**
   * Rows in ascending id order (as a table keeps them while ids only grow, and
   * any index list of such a table) are read from the end, so a page costs its
   * own size, not a sort of them all.
   */
  newestPage<K extends CollectionName>(name: K, rows: readonly RecordOf<K>[], page: number, perpage: number): Page<RecordOf<K>> {
    if (!this.table(name).ordered) return paginate(newestFirst(rows), page, perpage);
    const end = rows.length - page * perpage;
    const items = end > 0 ? rows.slice(Math.max(0, end - perpage), end).reverse() : [];
    return { items, sorter: sorterOf(rows.length, page, perpage) };
  }

  private writable<K extends CollectionName>(name: K): Table<RecordOf<K>> {
    if (!this.undo) throw new WriteOutsideMutation(name);
    this.stateVersion++;
    this.collectionChanges.set(name, (this.collectionChanges.get(name) ?? 0) + 1);
    let table = this.own.get(name);
    if (!table) {
      table = this.seed.tables[name].overlay() as unknown as Table<{ id: string }>;
      this.own.set(name, table);
    }
    return table as unknown as Table<RecordOf<K>>;
  }

  nextId(name: CollectionName): string {
    return this.table(name).nextId();
  }

  /** Notes that something happened: kept with the mutation running and handed on once it is committed, at once outside one. */
  raise(raised: Raised): void {
    if (this.raisedNow) this.raisedNow.push(raised);
    else this.onRaised?.([raised], false, false);
  }

  private committed(raised: Raised[], byDay: boolean, staged = false): void {
    if (raised.length > 0) this.onRaised?.(raised, byDay, staged);
  }

  insert<K extends CollectionName>(name: K, row: RecordOf<K>): RecordOf<K> {
    deepFreeze(row);
    const table = this.writable(name);
    const marks = table.marks();
    table.insert(row);
    this.undo?.push(() => {
      table.remove(row.id);
      table.restoreMarks(marks);
    });
    this.changes && this.notePut(name, row);
    return row;
  }

  replace<K extends CollectionName>(name: K, row: RecordOf<K>): RecordOf<K> {
    deepFreeze(row);
    const table = this.writable(name);
    const marks = table.marks();
    const prev = table.replace(row);
    this.undo?.push(() => {
      table.replace(prev);
      table.restoreMarks(marks);
    });
    this.changes && this.notePut(name, row);
    return row;
  }

  remove<K extends CollectionName>(name: K, id: string): void {
    const table = this.writable(name);
    const marks = table.marks();
    const removed = table.remove(id);
    if (!removed) return;
    this.undo?.push(() => {
      table.insertAt(removed.row, removed.at);
      table.restoreMarks(marks);
    });
    if (this.changes) {
      this.putAt.delete(`${name}/${id}`);
      this.changes.push({ collection: name, remove: id });
    }
  }

  /**
   * A later put of the same record replaces the earlier one in place: replayed
   * in order, the record lands where it did (appended when new, in its place
   * when replaced). A remove in between starts a new put.
   */
  private notePut(name: CollectionName, row: { id: string }): void {
    const key = `${name}/${row.id}`;
    const at = this.putAt.get(key);
    if (at !== undefined) this.changes![at] = { collection: name, put: row };
    else {
      this.putAt.set(key, this.changes!.length);
      this.changes!.push({ collection: name, put: row });
    }
  }

  /** Runs fn; if it throws, every write it made is undone before the error propagates. */
  transaction<R>(fn: () => R): R {
    return this.undo ? fn() : this.applied(fn);
  }

  /** Runs fn as one change applied at once: undone whole when it throws, what it raised handed on when it returns. */
  private applied<R>(fn: () => R): R {
    const done = this.recorded(fn);
    this.committed(done.raised, false);
    return done.result;
  }

  /** Runs fn recording how to undo its writes; if it throws, they are undone. */
  private recorded<R>(fn: () => R): { result: R; undo: Undo[]; raised: Raised[] } {
    const undo: Undo[] = [];
    const raised: Raised[] = [];
    this.undo = undo;
    this.raisedNow = raised;
    try {
      return { result: fn(), undo, raised };
    } catch (error) {
      this.undone(undo);
      throw error;
    } finally {
      this.undo = null;
      this.raisedNow = null;
    }
  }

  /** Every collection's current rows, the lists themselves (no copy). */
  private current = (): Collections => {
    const data = {} as Record<string, unknown>;
    for (const name of Object.keys(this.seed.tables) as CollectionName[]) data[name] = this.table(name).rows;
    return data as unknown as Collections;
  };

  /** Saves the whole state (in memory: nothing to do). */
  async persist(): Promise<void> {
    await this.saver?.saveAll(this.current);
  }

  /**
   * A mutation: fn runs as a transaction, then the state is persisted. When
   * persisting fails, fn's writes are undone too, so memory never holds a
   * change the data file lost; the error names what failed. Mutations of one
   * world run one after another, so none builds on a change still being saved.
   * `prepare` is awaited in the queue first: it sees the state fn will change,
   * and no other write comes between; when it throws, nothing is changed.
   */
  mutate<R>(fn: () => R, prepare?: () => Promise<void>): Promise<R> {
    return this.queued(async () => {
      if (prepare) await prepare();
      if (this.undo) throw new Error('mutate: inside a transaction');
      if (!this.saver) return this.applied(fn);
      const changes: Change[] = [];
      this.changes = changes;
      let done: { result: R; undo: Undo[]; raised: Raised[] };
      try {
        done = this.recorded(fn);
      } finally {
        this.changes = null;
        this.putAt.clear();
      }
      const { saver } = this;
      const session = done.raised.length > 0 ? this.stageRaised?.(done.raised, false) : undefined;
      await this.persistOr(
        () => saver.saveChanges(changes, this.current, session),
        () => this.undone(done.undo),
      );
      this.committed(done.raised, false, session !== undefined);
      return done.result;
    });
  }

  /**
   * Whether a mutation can be applied at once (mutateNow): nothing is queued
   * before it, and there is no data file whose write it would have to wait for.
   */
  get canMutateNow(): boolean {
    return !this.saver && this.queuedTasks === 0 && !this.undo;
  }

  /**
   * A mutation applied within the caller's own turn, as mutate applies it
   * (whole, or undone when fn throws), for a world that canMutateNow: with no
   * data file to save to and nothing queued, mutate would do the same a few
   * promises later.
   */
  mutateNow<R>(fn: () => R): R {
    if (!this.canMutateNow) throw new Error('mutateNow: the world has a saver, a queued change or a mutation running');
    return this.applied(fn);
  }

  /**
   * A mutation whose work pauses (fn awaits between its steps) so that other
   * sessions' requests are answered meanwhile (the billing clock's catch-up).
   * It holds the world's queue from start to end, as mutate does, so no other
   * mutation or state change of this world comes between its steps; the
   * session's gate holds its requests. Applied and saved whole, or not at all.
   */
  mutateInSteps<R>(fn: () => Promise<R>): Promise<R> {
    return this.queued(async () => {
      if (this.undo) throw new Error('mutate: inside a transaction');
      const undo: Undo[] = [];
      const changes: Change[] = [];
      const raised: Raised[] = [];
      this.undo = undo;
      this.raisedNow = raised;
      if (this.saver) this.changes = changes;
      let result: R;
      try {
        result = await fn();
      } catch (error) {
        this.undone(undo);
        throw error;
      } finally {
        this.undo = null;
        this.raisedNow = null;
        this.changes = null;
        this.putAt.clear();
      }
      const { saver } = this;
      const session = saver && raised.length > 0 ? this.stageRaised?.(raised, true) : undefined;
      if (saver) {
        await this.persistOr(
          () => saver.saveChanges(changes, this.current, session),
          () => this.undone(undo),
        );
      }
      this.committed(raised, true, session !== undefined);
      return result;
    });
  }

  private undone(undo: Undo[]): void {
    rollBack(undo);
    this.stateVersion++;
    this.wholeChanges++;
  }

  /**
   * Replaces the whole state (a reset, a snapshot restored) the way a mutation
   * is applied: after the write being saved, and put back as it was when saving
   * fails, so memory and the data file never disagree. `saved` runs once the
   * new state is saved, before the next queued mutation starts; `putBack`
   * when saving failed, after the collections are put back.
   */
  replaceState(fn: () => void, saved?: () => void, putBack?: () => void): Promise<void> {
    return this.queued(async () => {
      const before = this.snapshot();
      fn();
      await this.persistOr(
        () => this.persist(),
        () => {
          this.restore(before);
          putBack?.();
        },
      );
      saved?.();
    });
  }

  /**
   * Runs task after the change being saved, if any, and before the next one
   * starts: how a session saves changes of its own state (its clock, faults,
   * snapshots) in order with the mutations of its collections.
   */
  queued<R>(task: () => Promise<R>): Promise<R> {
    this.queuedTasks++;
    const run = this.writing.then(task);
    const settled = () => {
      this.queuedTasks--;
    };
    this.writing = run.then(settled, settled);
    return run;
  }

  /** Saves; when that fails, runs putBack and reports why as a PersistError. */
  private async persistOr(save: () => Promise<void>, putBack: () => void): Promise<void> {
    try {
      await save();
    } catch (error) {
      putBack();
      throw new PersistError((error as Error).message);
    }
  }

  /** Back to the seed: drops every copied collection. */
  reset(): void {
    this.stateVersion++;
    this.wholeChanges++;
    this.own.clear();
  }

  /** Every collection's current rows; cheap, because rows are replaced, never mutated. */
  snapshot(): Collections {
    const data = {} as Record<string, unknown>;
    for (const name of Object.keys(this.seed.tables) as CollectionName[]) data[name] = this.table(name).rows.slice();
    return data as unknown as Collections;
  }

  /**
   * Makes `data` (a snapshot, or a persisted file's content) the current state. A collection
   * holding just the seed's rows reads the seed's table; others share the seed's index for the
   * rows they share with it (Table.over), so a restored state costs what differs from the seed.
   */
  restore(data: Collections): void {
    this.stateVersion++;
    this.wholeChanges++;
    this.own.clear();
    for (const name of Object.keys(this.seed.tables) as CollectionName[]) {
      const seed = this.seed.tables[name] as unknown as Table<{ id: string }>;
      const rows = data[name] as readonly { id: string }[];
      if (sameRows(rows, seed.rows)) continue;
      this.own.set(name, seed.over(rows.slice()));
    }
  }
}

function sameRows(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a === b || (a.length === b.length && a.every((row, i) => row === b[i]));
}
