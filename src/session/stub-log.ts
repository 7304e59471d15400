// What a session's stubs did, to debug them by: how many requests each stub
// answered, and the last requests that no stub matched though one nearly did
// (a stubbed call with other params, or a call named like a stubbed one),
// each with the closest stub and what differed. Kept in memory beside the
// journal, bounded, and cleared with it by a reset; never part of the world.
import type { Stub, StubParams } from '../generated/wire.js';

/** Near misses a session keeps, the newest first. */
export const MAX_NEAR_MISSES = 20;

/** What kept the closest stub from answering: the first of its params the request did not carry as it wants. */
export interface Difference {
  param: string;
  wanted: string | number | boolean;
  got: string | null;
}

export interface NearMiss {
  time: string;
  call: string;
  /** The request's own parameters, as the journal keeps them (secrets redacted). */
  params: Record<string, unknown>;
  stub: { id: string; call: string; params: StubParams };
  differs: Difference;
}

export class StubLog {
  private readonly counts = new Map<string, number>();
  private misses: NearMiss[] = [];

  /** Counts a request a stub answered; answers its count with this one. */
  hit(id: string): number {
    const count = (this.counts.get(id) ?? 0) + 1;
    this.counts.set(id, count);
    return count;
  }

  /** The requests a stub answered since it was added or the session reset. */
  hits(id: string): number {
    return this.counts.get(id) ?? 0;
  }

  miss(entry: NearMiss): void {
    this.misses = [entry, ...this.misses].slice(0, MAX_NEAR_MISSES);
  }

  /** The near misses kept, newest first (copies). */
  nearMisses(): NearMiss[] {
    return this.misses.map((miss) => structuredClone(miss));
  }

  clear(): void {
    this.counts.clear();
    this.misses = [];
  }
}

/** A stub as the near-miss list shows it. */
export const stubShown = (stub: Stub): NearMiss['stub'] => ({ id: stub.id, call: stub.call, params: stub.params ?? {} });
