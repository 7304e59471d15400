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
    const key = this.keyOf(row);
    const bucket = key === undefined ? undefined : this.byKey.get(key);
    if (!bucket || key === undefined || !bucket.delete(row.id) || bucket.size > 0) return;
    this.byKey.delete(key);
    this.keys.splice(firstAfter(this.keys, key) - 1, 1);
  }

  replace(prev: T, row: T): void {
    const key = this.keyOf(row);
    if (key !== undefined && key === this.keyOf(prev)) this.byKey.get(key)?.set(row.id, row);
    else {
      this.delete(prev);
      this.add(row);
    }
  }

  /** The rows filed after `after` and on or before `day`, in ascending id order. */
  between(after: string, day: string): T[] {
    const out: T[] = [];
    const end = firstAfter(this.keys, day);
    for (let i = firstAfter(this.keys, after); i < end; i++)
      for (const row of (this.byKey.get(this.keys[i]) as Map<string, T>).values()) out.push(row);
    return out.length > 1 ? out.sort(byNumericId) : out;
  }

  /** The rows filed on or before `day`, in ascending id order. */
  upTo(day: string): T[] {
    const out: T[] = [];
    const end = firstAfter(this.keys, day);
    for (let i = 0; i < end; i++) for (const row of (this.byKey.get(this.keys[i]) as Map<string, T>).values()) out.push(row);
    return out.length > 1 ? out.sort(byNumericId) : out;
  }
}
