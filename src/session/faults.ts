// Rehearsable failures: the next `times` requests of a call (or every request
// until removed) fail with an error envelope, answer another HTTP status, or wait.
import { badInput, objectInput, onlyKeys, optionalWhole, quoted } from './control-error.js';

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

const FIELDS = ['call', 'error', 'status', 'delayMs', 'times'];
const SHAPE =
  'a fault as a JSON object: { "call": "<API call, or * for every call>", "error": ["..."], "status": 503, "delayMs": 100, "times": 1 }';
// A fault's messages are answered on every request it affects and kept while it lasts.
const MAX_MESSAGES = 10;
const MAX_MESSAGE_LENGTH = 1000;

function callOf(value: unknown, calls: readonly string[]): string {
  const rule = 'call must name an API call (or "*" for every call)';
  if (value === undefined) throw badInput(`${rule}; it is missing`);
  if (typeof value !== 'string') throw badInput(rule);
  if (value !== '*' && !calls.includes(value)) throw badInput(`${rule}; ${quoted(value)} is not one`);
  return value;
}

function messagesOf(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const ok =
    Array.isArray(value) &&
    value.length > 0 &&
    value.length <= MAX_MESSAGES &&
    value.every((e) => typeof e === 'string' && e.length > 0 && e.length <= MAX_MESSAGE_LENGTH);
  if (!ok) throw badInput(`error must be a list of 1 to ${MAX_MESSAGES} messages, each 1 to ${MAX_MESSAGE_LENGTH} characters`);
  return [...(value as string[])];
}

/** A fault definition from either front end, checked field by field; the errors say what to send. */
export function faultSpecOf(value: unknown, calls: readonly string[]): FaultSpec {
  const input = objectInput(value, SHAPE);
  onlyKeys(input, FIELDS, 'fault');
  const spec: FaultSpec = { call: callOf(input.call, calls) };
  const error = messagesOf(input.error);
  // 1xx statuses cannot carry the error envelope.
  const status = optionalWhole(input.status, 'status', 200, 599);
  const delayMs = optionalWhole(input.delayMs, 'delayMs', 0, 60_000);
  const times = optionalWhole(input.times, 'times', 1, 1_000_000);
  if (error === undefined && status === undefined && delayMs === undefined) {
    throw badInput('a fault needs at least one of error, status or delayMs');
  }
  if (error !== undefined) spec.error = error;
  if (status !== undefined) spec.status = status;
  if (delayMs !== undefined) spec.delayMs = delayMs;
  if (times !== undefined) spec.times = times;
  return spec;
}

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
    this.list = saved.list.map((f) => ({ ...f }));
  }

  add(spec: FaultSpec): Fault {
    const fault: Fault = { ...spec, id: this.nextId++, remaining: spec.times ?? null };
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
  remove(id: number): boolean {
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
