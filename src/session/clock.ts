import { formatDateTime, LAST_MOMENT } from '../lib/dates.js';
import { badInput } from './control-error.js';

/** A change of a session's clock as checked from what a front end sent (control-input.ts): one move at most. */
export interface ClockMove {
  now?: Date;
  advanceSeconds?: number;
  advanceDays?: number;
  /** true: stop at the (new) current moment; false: run on from it with real time. */
  frozen?: boolean;
}

// Wire dates have four-digit years, and server_time is never negative.
export const EARLIEST = Date.UTC(1970, 0, 1);
export const LATEST = LAST_MOMENT;
const RANGE = 'from 1970-01-01 00:00:00 to 9999-12-31 23:59:59';

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

  /** The clock's moment; a running clock stops at the last moment a wire date can show (9999-12-31 23:59:59). */
  now(): Date {
    return new Date(this.moment());
  }

  /** The clock's moment in ms since 1970, as now() gives it, without making a Date. */
  moment(): number {
    return this.frozenAt ?? Math.min(this.realNow() + this.offsetMs, LATEST);
  }

  /** Applies a checked change whole, or throws a bad-input error (a move past the clock's range) and changes nothing. */
  change({ now, advanceSeconds, advanceDays, frozen }: ClockMove): void {
    const target =
      now !== undefined
        ? now.getTime()
        : advanceDays !== undefined
          ? this.advanced(advanceDays * 86_400, 'advanceDays')
          : this.advanced(advanceSeconds, 'advanceSeconds');
    // Freezing keeps the moment shown; unfreezing runs on from it.
    if (frozen ?? this.frozen) this.frozenAt = target;
    else {
      this.frozenAt = null;
      this.offsetMs = target - this.realNow();
    }
  }

  /** The moment after moving by `seconds` (none: the current moment); `field` is the move a refusal names. */
  private advanced(seconds: number | undefined, field: string): number {
    if (seconds === undefined) return this.now().getTime();
    const target = this.now().getTime() + seconds * 1000;
    if (!(target >= EARLIEST && target <= LATEST)) {
      throw badInput(`${field} must keep the clock ${RANGE}; it is ${formatDateTime(this.now())}`);
    }
    return target;
  }
}
