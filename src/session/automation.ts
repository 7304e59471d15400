// When the daily automation runs: once for each midnight a session's clock has
// passed since the last day it ran for, in order, before the session answers
// anything else. The day it last ran for is part of the state (the
// automation_state collection), so reset, snapshots and the data file carry it;
// a state without it starts from the day the session's clock started on.
import { Run, runDay } from '../domain/automation.js';
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
  return Math.floor(session.clock.now().getTime() / 86_400_000) > dayNumber(last);
}

/**
 * Runs every day the session's clock has passed since the automation last
 * ran, in order, as one mutation (all or nothing, saved like a call). A
 * clock moved back runs nothing: a day never runs twice. With the automation
 * off, the days pass without running. Concurrent callers share the queue, and
 * each day checks again that it has not run.
 */
export async function catchUp(session: AutomatedState): Promise<AutomationSummary> {
  const summary: AutomationSummary = { days: 0, actions: {} };
  if (!behind(session)) return summary;
  const { world } = session;
  // Days are counted as numbers, never compared as formatted dates: a date
  // string compares wrongly once it is not YYYY-MM-DD.
  const today = Math.floor(session.clock.now().getTime() / 86_400_000);
  const last = () => dayNumber(lastRun(world) ?? session.automationFrom);
  if (!session.automationEnabled) {
    await world.mutate(() => {
      if (last() < today) setLastRun(world, dateOfDay(today));
    });
    return summary;
  }
  await world.mutate(() => {
    // Another request may have caught up while this one waited in the queue.
    const from = last();
    if (from >= today) return;
    const run = new Run(world);
    withSettingsMemo(world, () => {
      for (let day = Math.max(from + 1, today - MAX_CATCH_UP_DAYS); day <= today; day++) {
        runDay(world, dateOfDay(day), summary.actions, run);
        summary.days++;
      }
    });
    setLastRun(world, dateOfDay(today));
  });
  return summary;
}
