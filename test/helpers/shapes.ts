// Wire shape beyond the values: real clients (PHP arrays, ordered JSON readers)
// see the fields in the order the API sends them, so tests pin that order too.
import type { Test } from 'tap';

/** Asserts the record's own keys are exactly `names` (space-separated), in that order. */
export function keyOrder(t: Test, record: unknown, names: string, note = "fields in the real answer's order"): void {
  t.strictSame(Object.keys(record as object), names.split(' '), note);
}

/** Asserts an answer is exactly `expected`, its envelope keys in the published order: success, call, server_time, info. */
export function infoAnswer(t: Test, body: object, expected: object, note = 'the published answer'): void {
  t.strictSame(body, expected, note);
  t.strictSame(Object.keys(body), ['success', 'call', 'server_time', 'info']);
}

/** Asserts the ids of listed rows, in the order answered (lists are newest first unless a call says otherwise). */
export function idOrder(t: Test, rows: ReadonlyArray<{ id?: unknown }>, ids: string[], note?: string): void {
  t.strictSame(
    rows.map((row) => row.id),
    ids,
    ...(note === undefined ? [] : [note]),
  );
}
