// The nearest name to a mistyped one, for "did you mean" hints. Edit distance
// (insert, delete, replace one character) comes from fastest-levenshtein.
import { distance } from 'fastest-levenshtein';

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
