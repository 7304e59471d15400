import { formatDateTime, parseDateTime } from '../lib/dates.js';
import { badInput, objectInput, onlyKeys } from './control-error.js';

/** A change of a session's clock, as both front ends send it. */
export interface ClockChange {
  /** Jump to this moment ("YYYY-MM-DD HH:MM:SS", UTC, or a Date in-process). */
  now?: string | Date;
  /** Move by this many seconds (negative to go back). */
  advanceSeconds?: number;
  /** Move on by this many whole days (1 to 36,525): the daily automation runs once for each. */
  advanceDays?: number;
  /** true: stop at the (new) current moment; false: run on from it with real time. */
  frozen?: boolean;
}

// Wire dates have four-digit years, and server_time is never negative.
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59);
const RANGE = 'from 1970-01-01 00:00:00 to 9999-12-31 23:59:59';
const FIELDS = ['now', 'advanceSeconds', 'advanceDays', 'frozen'];
const SHAPE =
  'a clock change as a JSON object: { "now": "YYYY-MM-DD HH:MM:SS" }, { "advanceSeconds": 3600 } or { "advanceDays": 30 }, each with or without "frozen": true or false';
const MAX_ADVANCE_DAYS = 36_525;

function momentOf(value: unknown): number {
  const date = typeof value === 'string' ? parseDateTime(value) : value instanceof Date ? value : undefined;
  const ms = date?.getTime() ?? Number.NaN;
  if (!(ms >= EARLIEST && ms <= LATEST)) throw badInput(`now must be a UTC date and time "YYYY-MM-DD HH:MM:SS" ${RANGE}`);
  return ms;
}

/** A clock as the data file keeps it: frozen at a moment, or running with real time plus an offset (ms). */
export interface SavedClock {
  frozenAt: number | null;
  offsetMs: number;
}

/**
 * A session's clock. Runs with real time plus an offset, or stays frozen at a
 * moment (the --now flag, or a test) until it is set, advanced or unfrozen.
 * `realNow` is the real time it runs with (injectable for tests).
 */
export class Clock {
  private offsetMs = 0;
  private frozenAt: number | null;

  constructor(
    private readonly start?: Date,
    private readonly realNow: () => number = Date.now,
  ) {
    this.frozenAt = start ? start.getTime() : null;
  }

  /** Back to how a new session starts: frozen at the start moment, or real time. */
  reset(): void {
    this.offsetMs = 0;
    this.frozenAt = this.start ? this.start.getTime() : null;
  }

  saved(): SavedClock {
    return { frozenAt: this.frozenAt, offsetMs: this.offsetMs };
  }

  /** Puts back a saved clock: a running one has run on with real time since. */
  load(saved: SavedClock): void {
    this.frozenAt = saved.frozenAt;
    this.offsetMs = saved.offsetMs;
  }

  /** Shows `moment` (ms), frozen there or running on from it. */
  setMoment(moment: number, frozen: boolean): void {
    this.frozenAt = frozen ? moment : null;
    this.offsetMs = frozen ? 0 : moment - this.realNow();
  }

  get frozen(): boolean {
    return this.frozenAt !== null;
  }

  now(): Date {
    return new Date(this.frozenAt ?? this.realNow() + this.offsetMs);
  }

  /** Checks a change from either front end and applies it whole, or throws a bad-input error and changes nothing. */
  change(value: unknown): void {
    const input = objectInput(value, SHAPE);
    onlyKeys(input, FIELDS, 'clock');
    const { now, advanceSeconds, advanceDays, frozen } = input;
    const moves = [now, advanceSeconds, advanceDays].filter((move) => move !== undefined).length;
    if (moves === 0 && frozen === undefined) {
      throw badInput('Give now ("YYYY-MM-DD HH:MM:SS"), advanceSeconds or advanceDays (a whole number), and/or frozen (true or false)');
    }
    if (moves > 1) throw badInput('Give only one of now, advanceSeconds and advanceDays');
    if (frozen !== undefined && typeof frozen !== 'boolean') throw badInput('frozen must be true or false');
    if (
      advanceDays !== undefined &&
      !(Number.isInteger(advanceDays) && (advanceDays as number) >= 1 && (advanceDays as number) <= MAX_ADVANCE_DAYS)
    ) {
      throw badInput(`advanceDays must be a whole number of days from 1 to ${MAX_ADVANCE_DAYS}`);
    }
    const seconds = advanceDays !== undefined ? (advanceDays as number) * 86_400 : advanceSeconds;
    const target = now !== undefined ? momentOf(now) : this.advanced(seconds);
    // Freezing keeps the moment shown; unfreezing runs on from it.
    if (frozen ?? this.frozen) this.frozenAt = target;
    else {
      this.frozenAt = null;
      this.offsetMs = target - this.realNow();
    }
  }

  /** The moment after moving by `seconds` (none: the current moment). */
  private advanced(seconds: unknown): number {
    if (seconds === undefined) return this.now().getTime();
    if (typeof seconds !== 'number' || !Number.isInteger(seconds)) {
      throw badInput('advanceSeconds must be a whole number of seconds (negative to go back)');
    }
    const target = this.now().getTime() + seconds * 1000;
    if (!(target >= EARLIEST && target <= LATEST)) {
      throw badInput(`advanceSeconds must keep the clock ${RANGE}; it is ${formatDateTime(this.now())}`);
    }
    return target;
  }
}
