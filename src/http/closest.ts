// The nearest name to a mistyped one, for "did you mean" hints.

/** Edits (insert, delete, replace one character) that turn a into b. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length];
}

/**
 * The candidate nearest to `name`, ignoring case, if it is close: a different
 * case, or about one edit per four characters. Ties go to the first in
 * alphabetical order, so the hint is the same on every run.
 */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  // Long inputs are not mistyped names; they also would cost a lot to compare.
  if (name.length > 64) return undefined;
  const wanted = name.toLowerCase();
  const limit = Math.max(1, Math.floor(name.length / 4));
  let best: { name: string; distance: number } | undefined;
  for (const candidate of [...candidates].sort()) {
    const d = distance(wanted, candidate.toLowerCase());
    if (d <= limit && (!best || d < best.distance)) best = { name: candidate, distance: d };
  }
  return best?.name;
}
