// Rehearsable failures: the next `times` requests of a call (or every request
// until removed) fail with an error envelope, answer another HTTP status, or wait.

export interface FaultSpec {
  call: string;
  error?: string[];
  status?: number;
  delayMs?: number;
  times?: number;
}

export interface Fault extends FaultSpec {
  id: number;
  /** Requests still to affect; null means until removed. */
  remaining: number | null;
}

export class Faults {
  private list: Fault[] = [];
  private nextId = 1;

  add(spec: FaultSpec): Fault {
    const fault: Fault = { ...spec, id: this.nextId++, remaining: spec.times ?? null };
    this.list.push(fault);
    return fault;
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
