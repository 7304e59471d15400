// Caches of values cheap to make again (a parsed URL, a digest, a token's
// claims), bounded by forgetting everything once full: clients send the same
// few keys again and again, so the cache fills again with those in use, and
// keys made up to fill memory cannot. The one home of that rule.
export function roomIn<C extends { size: number; clear(): void }>(cache: C, limit: number): C {
  if (cache.size >= limit) cache.clear();
  return cache;
}
