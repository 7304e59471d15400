// When the daily automation runs: once for each midnight a session's clock has
// passed since the last day it ran for, in order, before the session answers
// anything else. The day it last ran for is part of the state (the
// automation_state collection), so reset, snapshots and the data file carry it;
// a state without it starts from the day the session's clock started on.
import { daySteps, Run } from '../domain/automation.js';
import { dateOfDay, dayNumber } from '../lib/dates.js';
import { withSettingsMemo } from '../domain/automationSettings.js';
import type { View, World } from '../store/world.js';
import type { AutomationSummary } from '../generated/wire.js';
import type { Clock } from './clock.js';
import { MAX_ADVANCE_DAYS } from './control-input.js';

export type { AutomationSummary };

/** What the catch-up reads of a session. */
export interface AutomatedState {
  readonly world: World;
  readonly clock: Clock;
  readonly automationEnabled: boolean;
  readonly automationFrom: string;
}

/**
 * The most days one catch-up runs (a century): a clock moved further skips the
 * earliest of them. As many as one clock change may move on by, so a change
 * by whole days runs every one of its days.
 */
export const MAX_CATCH_UP_DAYS = MAX_ADVANCE_DAYS;

const STATE_ID = '1';

/** The last day the automation ran for, or undefined when the state has never run it. */
export function lastRun(world: View): string | undefined {
  return world.get('automation_state', STATE_ID)?.last_run;
}

function setLastRun(world: World, day: string): void {
  const row = { id: STATE_ID, last_run: day };
  if (world.get('automation_state', STATE_ID)) world.replace('automation_state', row);
  else world.insert('automation_state', row);
}

/**
 * Whether the clock has passed a midnight the automation has not run for.
 * Every request asks: day numbers are compared before any date is formatted.
 */
export function behind(session: AutomatedState): boolean {
  const last = lastRun(session.world) ?? session.automationFrom;
  return Math.floor(session.clock.moment() / 86_400_000) > dayNumber(last);
}

/** How long a catch-up works before it lets other requests in (ms). */
export const SLICE_MS = 10;
/** How many slices of days one mutation of a catch-up holds before it is saved: progress kept, and few saves. */
const SLICES_A_SAVE = 10;

/** Where a catch-up stands: the days it runs (YYYY-MM-DD), the last one done, and how many of how many. */
export interface CatchUpProgress {
  from: string;
  to: string;
  day: string;
  done: number;
  days: number;
}

/** A catch-up as others see it while it runs: its progress, and a flag that stops it after the day running. */
export class CatchUpRun {
  cancelled = false;
  progress?: CatchUpProgress;
  /** How long it works between pauses (ms): where the pauses fall never changes what the days do. */
  constructor(readonly sliceMs = SLICE_MS) {}
}

/** Lets the event loop answer what waits (other sessions' requests, I/O) before the catch-up goes on. */
const letOthersIn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs every day the session's clock has passed since the automation last
 * ran, in order. The work pauses about every SLICE_MS, between days and within
 * a day (after any record it handles), and the event loop answers other
 * sessions meanwhile: a move of ten years never stops the server. Days are
 * saved in mutations of whole days (all or nothing, saved like a call, with
 * the automation's last day), a few slices each, so a long move keeps its
 * progress. The session's own requests wait for the whole catch-up
 * (Session.caughtUp). Each mutation reads the clock and the last day run
 * again, so a reset or a restore between them ends or redirects the run, and
 * `control.cancelled` stops it after the day running. A clock moved back runs
 * nothing: a day never runs twice. With the automation off, the days pass
 * without running. Days are counted as numbers, never compared as formatted
 * dates.
 */
export async function catchUp(session: AutomatedState, control = new CatchUpRun()): Promise<AutomationSummary> {
  const summary: AutomationSummary = { days: 0, actions: {} };
  const { world } = session;
  const last = () => dayNumber(lastRun(world) ?? session.automationFrom);
  const settings: Parameters<typeof withSettingsMemo>[2] = new Map();
  let run: Run | undefined;
  let version = -1;
  let first: number | undefined;
  let until = performance.now() + control.sliceMs;
  /** Pauses when the slice's time is up; whether it did. */
  const pause = async () => {
    if (performance.now() < until) return false;
    await letOthersIn();
    until = performance.now() + control.sliceMs;
    return true;
  };
  while (behind(session) && !control.cancelled) {
    await world.mutateInSteps(async () => {
      const today = Math.floor(session.clock.now().getTime() / 86_400_000);
      const from = last();
      if (from >= today) return;
      if (!session.automationEnabled) return setLastRun(world, dateOfDay(today));
      // A run keeps what it learnt of the invoices between mutations, unless something else changed the world.
      if (!run || world.version !== version) {
        run = new Run(world);
        settings.clear();
      }
      let day = Math.max(from + 1, today - MAX_CATCH_UP_DAYS);
      first ??= day;
      const shown = (done: number) =>
        (control.progress = {
          from: dateOfDay(first!),
          to: dateOfDay(today),
          day: dateOfDay(done),
          done: done - first! + 1,
          days: today - first! + 1,
        });
      if (!control.progress) shown(day - 1);
      let slices = 0;
      do {
        const steps = daySteps(world, dateOfDay(day), summary.actions, run);
        while (!withSettingsMemo(world, () => steps.next().done, settings)) if (await pause()) slices++;
        summary.days++;
        setLastRun(world, dateOfDay(day));
        shown(day);
        day++;
        if (await pause()) slices++;
      } while (day <= today && slices < SLICES_A_SAVE && !control.cancelled);
    });
    version = world.version;
  }
  return summary;
}
