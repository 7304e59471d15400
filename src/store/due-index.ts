interface Row {
  id: string;
}

/** The first place in sorted `keys` whose key is after `key` (binary search). */
function firstAfter(keys: readonly string[], key: string): number {
  let [low, high] = [0, keys.length];
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (keys[mid] <= key) low = mid + 1;
    else high = mid;
  }
  return low;
}

const byNumericId = (a: Row, b: Row) => Number(a.id) - Number(b.id);

/**
 * Rows filed under a date ("YYYY-MM-DD", or any key that sorts as text; a row
 * whose key is undefined is not filed), so the rows due on or before a day
 * are read without looking at the others: the billing clock's day costs what
 * falls due, not the world (bench/README.md, "The clock"). A row leaves its
 * date in constant time (a Map per date); the sorted list holds each date
 * once, and there are far fewer dates than rows.
 */
export class DueIndex<T extends Row> {
  private readonly byKey = new Map<string, Map<string, T>>();
  private readonly keys: string[];
  /**
   * A session's index over its seed table's (see over()): the seed's index, and the ids whose row
   * there no longer counts (written or removed since); this index files only the rows written.
   */
  private under?: { index: DueIndex<T>; hidden: Set<string> };

  /**
   * An index over `index` (a seed table's, never written again) for a table that has written
   * `own` and written or removed the ids `hidden` since it was made from the seed: it costs the
   * writes, not the collection, so a session's first write to a table with a million invoices
   * does not file them all again (bench/README.md, "Days that cost what falls due").
   */
  static over<T extends Row>(index: DueIndex<T>, own: Iterable<T>, hidden: Iterable<string>): DueIndex<T> {
    const layered = new DueIndex(index.keyOf, [...own]);
    layered.under = { index, hidden: new Set(hidden) };
    return layered;
  }

  constructor(
    readonly keyOf: (row: T) => string | undefined,
    rows: readonly T[],
  ) {
    for (const row of rows) {
      const key = keyOf(row);
      if (key === undefined) continue;
      let bucket = this.byKey.get(key);
      if (!bucket) this.byKey.set(key, (bucket = new Map()));
      bucket.set(row.id, row);
    }
    this.keys = [...this.byKey.keys()].sort();
  }

  add(row: T): void {
    this.under?.hidden.add(row.id);
    const key = this.keyOf(row);
    if (key === undefined) return;
    let bucket = this.byKey.get(key);
    if (!bucket) {
      this.byKey.set(key, (bucket = new Map()));
      this.keys.splice(firstAfter(this.keys, key), 0, key);
    }
    bucket.set(row.id, row);
  }

  delete(row: T): void {
    this.under?.hidden.add(row.id);
    const key = this.keyOf(row);
    const bucket = key === undefined ? undefined : this.byKey.get(key);
    if (!bucket || key === undefined || !bucket.delete(row.id) || bucket.size > 0) return;
    this.byKey.delete(key);
    this.keys.splice(firstAfter(this.keys, key) - 1, 1);
  }

  replace(prev: T, row: T): void {
    const key = this.keyOf(row);
    // Over a seed's index the row written before may be the seed's, filed there and not here.
    if (!this.under && key !== undefined && key === this.keyOf(prev)) this.byKey.get(key)?.set(row.id, row);
    else {
      this.delete(prev);
      this.add(row);
    }
  }

  /** The rows filed after `after` and on or before `day`, in ascending id order. */
  between(after: string, day: string): T[] {
    return this.filed(firstAfter(this.keys, after), day, (index) => index.between(after, day));
  }

  /** The rows filed on or before `day`, in ascending id order. */
  upTo(day: string): T[] {
    return this.filed(0, day, (index) => index.upTo(day));
  }

  /** This index's rows from keys[from] to `day`, with the seed's that still count (read by `below`), in id order. */
  private filed(from: number, day: string, below: (index: DueIndex<T>) => T[]): T[] {
    const out: T[] = [];
    const end = firstAfter(this.keys, day);
    for (let i = from; i < end; i++) for (const row of (this.byKey.get(this.keys[i]) as Map<string, T>).values()) out.push(row);
    if (this.under) {
      const { index, hidden } = this.under;
      for (const row of below(index)) if (!hidden.has(row.id)) out.push(row);
    }
    return out.length > 1 ? out.sort(byNumericId) : out;
  }
}
