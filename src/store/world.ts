import { Low, Memory, type Adapter } from 'lowdb';
import { Table } from './table.js';
import { type Page, paginate, newestFirst, sorterOf } from '../domain/lists.js';
import type { Collections } from '../generated/wire.js';

export type CollectionName = keyof Collections;
export type RecordOf<K extends CollectionName> = Collections[K][number];
export type Tables = { [K in CollectionName]: Table<RecordOf<K>> };

// Seed rows are shared by every session, so they are frozen: an operation that
// mutated a record in place instead of replacing it would fail loudly in tests.
// Very large worlds skip the freeze to keep start-up fast.
const FREEZE_LIMIT = 200_000;

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

/** The immutable starting point every session begins from, indexed once and shared. */
export class Seed {
  readonly tables: Tables;
  constructor(readonly data: Collections) {
    const tables = {} as Record<string, Table<{ id: string }>>;
    const total = Object.values(data).reduce((n, rows) => n + (rows as unknown[]).length, 0);
    for (const [name, rows] of Object.entries(data)) {
      if (total <= FREEZE_LIMIT) (rows as unknown[]).forEach(deepFreeze);
      tables[name] = new Table(rows as { id: string }[]);
    }
    this.tables = tables as unknown as Tables;
  }
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
  count(name: CollectionName): number;
  /** The id the next record inserted into `name` gets. */
  nextId(name: CollectionName): string;
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
  /** The lowdb document whose adapter keeps the committed state (memory, or a JSON file with --data). */
  readonly document: Low<Collections>;
  private own = new Map<CollectionName, Table<{ id: string }>>();
  private undo: Undo[] | null = null;
  /**
   * Counts changes of state: every write, undo, reset and restore moves it on,
   * so an answer computed at one version is known to be current while the
   * version is unchanged (src/http/kept-answers.ts).
   */
  get version(): number {
    return this.changes;
  }
  private changes = 0;
  /** The mutation being saved, if any: the next one starts after it. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private seed: Seed,
    adapter: Adapter<Collections> = new Memory<Collections>(),
  ) {
    this.document = new Low(adapter, { ...seed.data });
  }

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

  count(name: CollectionName): number {
    return this.table(name).size;
  }

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
    this.changes++;
    let table = this.own.get(name);
    if (!table) {
      table = this.seed.tables[name].overlay() as unknown as Table<{ id: string }>;
      this.own.set(name, table);
      this.document.data[name] = table.rows as never;
    }
    return table as unknown as Table<RecordOf<K>>;
  }

  nextId(name: CollectionName): string {
    return this.table(name).nextId();
  }

  insert<K extends CollectionName>(name: K, row: RecordOf<K>): RecordOf<K> {
    deepFreeze(row);
    const table = this.writable(name);
    const maxBefore = table.lastId;
    table.insert(row);
    this.undo?.push(() => {
      table.remove(row.id);
      table.restoreMaxId(maxBefore);
    });
    return row;
  }

  replace<K extends CollectionName>(name: K, row: RecordOf<K>): RecordOf<K> {
    deepFreeze(row);
    const table = this.writable(name);
    const prev = table.replace(row);
    this.undo?.push(() => table.replace(prev));
    return row;
  }

  remove<K extends CollectionName>(name: K, id: string): void {
    const table = this.writable(name);
    const removed = table.remove(id);
    if (removed) this.undo?.push(() => table.insertAt(removed.row, removed.at));
  }

  /** Runs fn; if it throws, every write it made is undone before the error propagates. */
  transaction<R>(fn: () => R): R {
    if (this.undo) return fn();
    return this.recorded(fn).result;
  }

  /** Runs fn recording how to undo its writes; if it throws, they are undone. */
  private recorded<R>(fn: () => R): { result: R; undo: Undo[] } {
    const undo: Undo[] = [];
    this.undo = undo;
    try {
      return { result: fn(), undo };
    } catch (error) {
      this.undone(undo);
      throw error;
    } finally {
      this.undo = null;
    }
  }

  /** Hands the committed state to the adapter (a no-op in memory, an atomic file write with --data). */
  persist(): Promise<void> {
    return this.document.write();
  }

  /**
   * A mutation: fn runs as a transaction, then the state is persisted. When
   * persisting fails, fn's writes are undone too, so memory never holds a
   * change the data file lost; the error names what failed. Mutations of one
   * world run one after another, so none builds on a change still being saved.
   */
  mutate<R>(fn: () => R): Promise<R> {
    return this.queued(async () => {
      if (this.undo) throw new Error('mutate: inside a transaction');
      const { result, undo } = this.recorded(fn);
      await this.persistOr(() => this.undone(undo));
      return result;
    });
  }

  /**
   * Replaces the whole state (a reset, a snapshot restored) the way a mutation
   * is applied: after the write being saved, and put back as it was when saving
   * fails, so memory and the data file never disagree. `saved` runs once the
   * new state is saved, before the next queued mutation starts.
   */
  replaceState(fn: () => void, saved?: () => void): Promise<void> {
    return this.queued(async () => {
      const before = this.snapshot();
      fn();
      await this.persistOr(() => this.restore(before));
      saved?.();
    });
  }

  private undone(undo: Undo[]): void {
    rollBack(undo);
    this.changes++;
  }

  /** Runs task after the change being saved, if any. */
  private queued<R>(task: () => Promise<R>): Promise<R> {
    const run = this.writing.then(task);
    this.writing = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Persists; when that fails, runs putBack and reports why as a PersistError. */
  private async persistOr(putBack: () => void): Promise<void> {
    try {
      await this.persist();
    } catch (error) {
      putBack();
      throw new PersistError((error as Error).message);
    }
  }

  /** Back to the seed: drops every copied collection. */
  reset(): void {
    this.changes++;
    this.own.clear();
    this.document.data = { ...this.seed.data };
  }

  /** Every collection's current rows; cheap, because rows are replaced, never mutated. */
  snapshot(): Collections {
    const data = {} as Record<string, unknown>;
    for (const name of Object.keys(this.seed.tables) as CollectionName[]) data[name] = this.table(name).rows.slice();
    return data as unknown as Collections;
  }

  /** Makes `data` (a snapshot, or a persisted file's content) the current state. */
  restore(data: Collections): void {
    this.changes++;
    this.own.clear();
    this.document.data = { ...this.seed.data };
    for (const name of Object.keys(this.seed.tables) as CollectionName[]) {
      const table = new Table(data[name].slice() as { id: string }[]);
      this.own.set(name, table);
      this.document.data[name] = table.rows as never;
    }
  }
}
