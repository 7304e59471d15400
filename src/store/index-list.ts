interface Row {
  id: string;
}

export function idBefore(a: Row, b: Row): boolean {
  return Number(a.id) < Number(b.id);
}

/** In a list in ascending id order, the first place whose row does not come before `row` (binary search). */
export function firstNotBefore(list: readonly Row[], row: Row): number {
  let [low, high] = [0, list.length];
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (idBefore(list[mid], row)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Where `row` (the object itself) is in a list in ascending id order, or -1. */
function placeOf<T extends Row>(list: readonly T[], row: T): number {
  const at = firstNotBefore(list, row);
  return list[at] === row ? at : list.indexOf(row);
}

/** Below this many rows a list is changed at once; a splice of it moves next to nothing. */
const SMALL = 512;
/** Up to this many pending changes are spliced in one by one when the list is read; more, and it is rebuilt in one pass. */
const FEW = 16;

/**
 * The rows an index files under one key, in ascending id order (the table is
 * ordered) or in the order they came (it is not). In id order, a long list
 * (an invoice status) takes a removal, or a row that is not the newest, in
 * constant time: the row is marked or set aside, and the list is brought up to
 * date when it is next read, in one pass when many changed. A splice per change
 * made the billing clock's thousands of status moves cost the list's length
 * each (bench/README.md, "The clock").
 */
export class IndexList<T extends Row> {
  private rows: T[];
  /** Rows still in `rows`, at their place, that have left the list. */
  private dead?: Set<T>;
  /** Rows that joined the list and are not yet in `rows`. */
  private added?: Set<T>;

  constructor(first: T) {
    this.rows = [first];
  }

  /** Adds the newest row (any row while the table is not in id order): it goes last. */
  push(row: T): void {
    this.rows.push(row);
  }

  /** Adds a row that may be older than others listed, keeping id order. */
  add(row: T): void {
    // A row put back by an undo is still in place, marked.
    if (this.dead?.delete(row)) return;
    if (this.rows.length < SMALL) this.rows.splice(firstNotBefore(this.rows, row), 0, row);
    else (this.added ??= new Set()).add(row);
  }

  remove(row: T, ordered: boolean): void {
    if (this.added?.delete(row)) return;
    if (!ordered || this.rows.length < SMALL) {
      const at = ordered ? placeOf(this.rows, row) : this.rows.indexOf(row);
      if (at >= 0) this.rows.splice(at, 1);
      return;
    }
    (this.dead ??= new Set()).add(row);
  }

  /** The row keeps its key: the new version takes the old one's place. */
  replace(prev: T, row: T, ordered: boolean): void {
    if (this.added?.delete(prev)) {
      this.added.add(row);
      return;
    }
    const at = ordered ? placeOf(this.rows, prev) : this.rows.indexOf(prev);
    if (at >= 0) this.rows[at] = row;
  }

  /** The rows listed, up to date. */
  list(): readonly T[] {
    const dead = this.dead?.size ?? 0;
    const added = this.added?.size ?? 0;
    if (dead + added === 0) return this.rows;
    if (dead + added <= FEW) {
      for (const row of this.dead ?? []) {
        const at = placeOf(this.rows, row);
        if (at >= 0) this.rows.splice(at, 1);
      }
      for (const row of this.added ?? []) this.rows.splice(firstNotBefore(this.rows, row), 0, row);
    } else this.rows = merge(dead ? this.rows.filter((row) => !this.dead!.has(row)) : this.rows, [...(this.added ?? [])]);
    this.dead = undefined;
    this.added = undefined;
    return this.rows;
  }
}

/** Two lists in ascending id order as one; `extra` is sorted first. */
function merge<T extends Row>(rows: T[], extra: T[]): T[] {
  if (extra.length === 0) return rows;
  extra.sort((a, b) => Number(a.id) - Number(b.id));
  const out: T[] = new Array(rows.length + extra.length);
  let [i, j, k] = [0, 0, 0];
  while (i < rows.length && j < extra.length) out[k++] = idBefore(extra[j], rows[i]) ? extra[j++] : rows[i++];
  while (i < rows.length) out[k++] = rows[i++];
  while (j < extra.length) out[k++] = extra[j++];
  return out;
}
