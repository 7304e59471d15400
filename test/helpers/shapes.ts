// Wire shape beyond the values: real clients (PHP arrays, ordered JSON readers)
// see the fields in the order the API sends them, so tests pin that order too.
import type { Test } from 'tap';

/** Asserts the record's own keys are exactly `names` (space-separated), in that order. */
export function keyOrder(t: Test, record: unknown, names: string, note = "fields in the real answer's order"): void {
  t.strictSame(Object.keys(record as object), names.split(' '), note);
}
