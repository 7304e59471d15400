// Rehearsable failures: the next `times` requests of a call (or every request
// until removed) fail with an error envelope, answer another HTTP status, or wait.
import type { Fault, FaultSpec } from '../generated/wire.js';

export type { Fault, FaultSpec };

/** Faults as the data file keeps them: the list, and the id the next one gets. */
export interface SavedFaults {
  next: number;
  list: Fault[];
}

export class Faults {
  private list: Fault[] = [];
  private nextId = 1;

  saved(): SavedFaults {
    return { next: this.nextId, list: this.all() };
  }

  load(saved: SavedFaults): void {
    this.nextId = saved.next;
    // A data file written before fault ids were text keeps them as numbers.
    this.list = saved.list.map((f) => ({ ...f, id: String(f.id) }));
  }

  add(spec: FaultSpec): Fault {
    // Digits as text, as stubs' ids and every id of the API are.
    const fault: Fault = { ...spec, id: String(this.nextId++), remaining: spec.times ?? null };
    this.list.push(fault);
    return { ...fault };
  }

  get size(): number {
    return this.list.length;
  }

  all(): Fault[] {
    return this.list.map((f) => ({ ...f }));
  }

  clear(): void {
    this.list = [];
  }

  /** Removes one fault; false when there is none with that id. */
  remove(id: string): boolean {
    const before = this.list.length;
    this.list = this.list.filter((f) => f.id !== id);
    return this.list.length < before;
  }

  /** The fault the next request of `call` meets (the oldest first), without counting it down. */
  next(call: string): Fault | undefined {
    const fault = this.list.find((f) => f.call === call || f.call === '*');
    return fault && { ...fault };
  }

  /** The fault that applies to this request of `call` (the oldest first); counts it down. */
  take(call: string): Fault | undefined {
    const fault = this.list.find((f) => f.call === call || f.call === '*');
    if (!fault) return undefined;
    if (fault.remaining !== null) {
      fault.remaining--;
      if (fault.remaining <= 0) this.list = this.list.filter((f) => f !== fault);
    }
    return { ...fault };
  }
}
