import { DueIndex } from './due-index.js';
import { IndexList, firstNotBefore, idBefore } from './index-list.js';

export interface Row {
  id: string;
}

/** A table's counters an undo restores: see Table.marks. */
export interface TableMarks {
  readonly maxId: number;
  readonly maxima: readonly (number | undefined)[];
}

/** What an index files a row under: one key, or several (the row is listed under each once). */
type Keys = string | readonly string[];

function each(keys: Keys): readonly string[] {
  if (typeof keys === 'string') return [keys];
  return keys.length < 2 ? keys : [...new Set(keys)];
}

/**
 * One collection: rows in insertion order plus a primary index by id and lazily
 * built secondary indexes, so a lookup never scans. Rows are replaced, never
 * mutated in place: sessions share a seed table until they first write to it.
 */
export class Table<T extends Row> {
  readonly rows: T[];
  /** Rows by id; in an overlay, only the rows written since it was made. */
  private readonly byId: Map<string, T>;
  /** An overlay's read-through: the id index of the table it was made from, and the ids removed since. */
  private readonly base?: { byId: ReadonlyMap<string, T>; removed: Set<string> };
  /** The seed table an overlay was made from (never written again), whose due indexes it reads through. */
  private seed?: Table<T>;
  private readonly secondary = new Map<string, { keyOf: (row: T) => Keys; index: Map<string, IndexList<T>> }>();
  /** Cached maxima of a value over every row (the highest line id of any invoice), by name; undefined until asked for, or after the row holding it left. */
  /** Rows by the date they fall due on, by name (see dueBy). */
  private readonly due = new Map<string, DueIndex<T>>();
  private readonly maxima = new Map<string, { valueFor: (row: T) => number; max: number | undefined }>();
  private maxId: number;
  /**
   * Whether the rows, and so every index list, are in ascending id order.
   * Inserts with nextId() keep it so, which lets list calls read a page
   * newest first from the end instead of sorting every row (bench/README.md
   * has the figures at a million invoices). Fixtures in another order turn it off.
   */
  private isOrdered: boolean;

  constructor(rows: T[], maxId?: number, base?: ReadonlyMap<string, T>, ordered?: boolean) {
    this.rows = rows;
    this.byId = base ? new Map() : new Map(rows.map((r) => [r.id, r]));
    if (base) this.base = { byId: base, removed: new Set() };
    this.maxId = maxId ?? rows.reduce((m, r) => Math.max(m, Number(r.id) || 0), 0);
    this.isOrdered = ordered ?? rows.every((row, i) => i === 0 || idBefore(rows[i - 1], row));
  }

  /** True when all() and every where() list are in ascending id order. */
  get ordered(): boolean {
    return this.isOrdered;
  }

  get size(): number {
    return this.rows.length;
  }

  get(id: string): T | undefined {
    const own = this.byId.get(id);
    if (own !== undefined || !this.base || this.base.removed.has(id)) return own;
    return this.base.byId.get(id);
  }

  all(): readonly T[] {
    return this.rows;
  }

  /** Rows whose `field` equals `value` (compared as strings), via a cached index. */
  where<K extends keyof T & string>(field: K, value: string): readonly T[] {
    return this.whereKey(field, (row) => String(row[field]), value);
  }

  /**
   * Rows whose computed key equals `value`, via an index cached under `name`
   * (e.g. 'email:lower' with a lowercasing keyOf). One name, one keyOf.
   */
  whereKey(name: string, keyOf: (row: T) => string, value: string): readonly T[] {
    return this.lookup(name, keyOf, value);
  }

  /**
   * Rows one of whose computed keys equals `value` (a service found by any of
   * its IP addresses), via an index cached under `name`. One name, one keysOf.
   */
  whereAnyKey(name: string, keysOf: (row: T) => readonly string[], value: string): readonly T[] {
    return this.lookup(name, keysOf, value);
  }

  private lookup(name: string, keyOf: (row: T) => Keys, value: string): readonly T[] {
    let entry = this.secondary.get(name);
    if (!entry) {
      entry = { keyOf, index: new Map() };
      for (const row of this.rows) for (const key of each(keyOf(row))) push(entry.index, key, row);
      this.secondary.set(name, entry);
    }
    return entry.index.get(value)?.list() ?? [];
  }

  /**
   * Rows whose computed date (undefined: none) is on or before `day` (and,
   * given `after`, later than it), in ascending id order, through an index
   * cached under `name` (one name, one keyOf) and kept as rows change.
   */
  dueBy(name: string, keyOf: (row: T) => string | undefined, day: string, after?: string): T[] {
    const index = this.dueIndex(name, keyOf);
    return after === undefined ? index.upTo(day) : index.between(after, day);
  }

  /**
   * The due index `name`, made on first use: a seed table files its rows (once, for every session
   * made from it); an overlay reads through the seed's and files only the rows it wrote since.
   */
  private dueIndex(name: string, keyOf: (row: T) => string | undefined): DueIndex<T> {
    let index = this.due.get(name);
    if (index) return index;
    if (this.seed && this.base) {
      const written = [...this.byId.keys(), ...this.base.removed];
      index = DueIndex.over(this.seed.dueIndex(name, keyOf), this.byId.values(), written);
    } else index = new DueIndex(keyOf, this.rows);
    this.due.set(name, index);
    return index;
  }

  /**
   * The highest `valueFor` over every row (0 for none), cached under `name`
   * (one name, one valueFor) and kept up to date by writes, so asking costs
   * nothing after the first time: the next free invoice line id used to be a
   * scan of every invoice (bench/README.md, "Every call costs what it touches").
   */
  max(name: string, valueFor: (row: T) => number): number {
    let entry = this.maxima.get(name);
    if (!entry) this.maxima.set(name, (entry = { valueFor, max: undefined }));
    if (entry.max === undefined) {
      let max = 0;
      for (const row of this.rows) max = Math.max(max, valueFor(row));
      entry.max = max;
    }
    return entry.max;
  }

  /** What an undo puts back besides the rows: the highest id and the cached maxima. */
  marks(): TableMarks {
    return { maxId: this.maxId, maxima: [...this.maxima.values()].map((entry) => entry.max) };
  }

  /** Puts back marks taken before a write, once the write itself is undone (undos run newest first). */
  restoreMarks(marks: TableMarks): void {
    this.maxId = marks.maxId;
    let i = 0;
    for (const entry of this.maxima.values()) {
      // A maximum first asked for after the marks were taken was computed from rows that are back as they were then.
      if (i < marks.maxima.length) entry.max = marks.maxima[i];
      i++;
    }
  }

  private raiseMaxima(row: T): void {
    for (const entry of this.maxima.values()) if (entry.max !== undefined) entry.max = Math.max(entry.max, entry.valueFor(row));
  }

  /** A row leaves (or changes): a maximum it may have held is forgotten, and found again when next asked for. */
  private dropMaxima(row: T): void {
    for (const entry of this.maxima.values()) if (entry.max !== undefined && entry.valueFor(row) >= entry.max) entry.max = undefined;
  }

  nextId(): string {
    return String(this.maxId + 1);
  }

  insert(row: T): void {
    if (!(Number(row.id) > this.maxId)) this.unordered();
    this.rows.push(row);
    this.setId(row);
    this.maxId = Math.max(this.maxId, Number(row.id) || 0);
    for (const { keyOf, index } of this.secondary.values()) for (const key of each(keyOf(row))) push(index, key, row);
    for (const index of this.due.values()) index.add(row);
    this.raiseMaxima(row);
  }

  replace(row: T): T {
    const prev = this.get(row.id);
    if (!prev) throw new Error(`replace: no row ${row.id}`);
    this.rows[this.positionOf(prev)] = row;
    this.setId(row);
    for (const index of this.due.values()) index.replace(prev, row);
    for (const entry of this.maxima.values()) {
      if (entry.max === undefined) continue;
      const value = entry.valueFor(row);
      if (value >= entry.max) entry.max = value;
      else if (entry.valueFor(prev) >= entry.max) entry.max = undefined;
    }
    for (const { keyOf, index } of this.secondary.values()) {
      const before = each(keyOf(prev));
      const after = each(keyOf(row));
      for (const key of before) {
        const list = index.get(key);
        // A key kept: the row keeps its place, so index order stays insertion order.
        if (after.includes(key) && list) list.replace(prev, row, this.isOrdered);
        else this.pull(index, key, prev);
      }
      for (const key of after) if (!before.includes(key)) this.addToIndex(index, key, row);
    }
    return prev;
  }

  /** Removes a row; returns it and its position so an undo can put it back. */
  remove(id: string): { row: T; at: number } | undefined {
    const row = this.get(id);
    if (!row) return undefined;
    const at = this.positionOf(row);
    this.rows.splice(at, 1);
    this.byId.delete(id);
    this.base?.removed.add(id);
    for (const { keyOf, index } of this.secondary.values()) for (const key of each(keyOf(row))) this.pull(index, key, row);
    for (const index of this.due.values()) index.delete(row);
    this.dropMaxima(row);
    return { row, at };
  }

  insertAt(row: T, at: number): void {
    const [before, after] = [this.rows[at - 1], this.rows[at]];
    if ((before && !idBefore(before, row)) || (after && !idBefore(row, after))) this.unordered();
    this.rows.splice(at, 0, row);
    this.setId(row);
    for (const { keyOf, index } of this.secondary.values()) for (const key of each(keyOf(row))) this.addToIndex(index, key, row);
    for (const index of this.due.values()) index.add(row);
    this.raiseMaxima(row);
  }

  /** Where a row is in all(): a binary search by id while the table is ordered, else a scan. */
  private positionOf(row: T): number {
    return this.placeIn(this.rows, row);
  }

  /**
   * Where a row is in all() or an index list (-1 when absent): a binary search
   * by id while the table is ordered (every list is then in id order), else a
   * scan. The daily automation moves thousands of invoices between statuses,
   * and a scan of the status lists made each move cost the collection's size.
   */
  private placeIn(list: readonly T[], row: T): number {
    if (!this.isOrdered) return list.indexOf(row);
    const at = firstNotBefore(list, row);
    return list[at] === row ? at : list.indexOf(row);
  }

  private pull(index: Map<string, IndexList<T>>, key: string, row: T): void {
    index.get(key)?.remove(row, this.isOrdered);
  }

  /** Adds a row that is not the newest to an index list: in id order while the table is ordered. */
  private addToIndex(index: Map<string, IndexList<T>>, key: string, row: T): void {
    const list = index.get(key);
    if (!list || !this.isOrdered) push(index, key, row);
    else list.add(row);
  }

  /** Rows stop being in id order: changes an index list set aside for later are put in place while id order still holds. */
  private unordered(): void {
    if (!this.isOrdered) return;
    for (const { index } of this.secondary.values()) for (const list of index.values()) list.list();
    this.isOrdered = false;
  }

  private setId(row: T): void {
    this.byId.set(row.id, row);
    this.base?.removed.delete(row.id);
  }

  /**
   * A table that can be written without touching this one, for a table that is
   * itself never written again (a seed table). It copies the row list (a flat
   * array copy) but reads ids through this table's index instead of copying it:
   * copying the Map made a session's first write cost grow with the collection
   * (bench/README.md, new-session cost).
   */
  overlay(): Table<T> {
    if (this.base) throw new Error('overlay: only of a table that reads no other table');
    const copy = new Table(this.rows.slice(), this.maxId, this.byId, this.isOrdered);
    copy.seed = this;
    // The maxima hold for the copy's rows too: they are this table's, which is never written again.
    for (const [name, entry] of this.maxima) copy.maxima.set(name, { ...entry });
    return copy;
  }

  /**
   * A table of `rows` (a restored state) over this one, as overlay() makes: only rows that are
   * not this table's own objects are indexed again, so a state that mostly shares the seed's
   * rows (src/store/seed-rows.ts) costs its changes, not the collection's size.
   */
  over(rows: T[]): Table<T> {
    if (this.base) throw new Error('over: only of a table that reads no other table');
    const table = new Table(rows, undefined, this.byId);
    table.seed = this;
    let kept = 0;
    let replaced = 0;
    for (const row of rows) {
      const mine = this.byId.get(row.id);
      if (mine === row) kept++;
      else {
        table.byId.set(row.id, row);
        if (mine) replaced++;
      }
    }
    // Ids this table has and `rows` do not are removed there (rows hold no id twice: a state is validated first).
    if (kept + replaced < this.rows.length) {
      const ids = new Set(rows.map((row) => row.id));
      for (const row of this.rows) if (!ids.has(row.id)) table.base!.removed.add(row.id);
    }
    return table;
  }
}

function push<T extends Row>(index: Map<string, IndexList<T>>, key: string, row: T): void {
  const list = index.get(key);
  if (list) list.push(row);
  else index.set(key, new IndexList(row));
}
