// Billing cycles: the codes the API takes (m, q, ... Once, Free), the names it
// shows ("Monthly"), how long one period lasts, and which cycles a product or
// addon offers at what price. Every call, the daily automation and the world
// generator use these; none keeps a copy.
import type { Account } from '../generated/wire.js';
import { addDays, addMonths, formatDate, ZERO_DATE } from '../lib/dates.js';
import { toCents } from './money.js';

/** The recurring cycle codes, in the order a product or addon record keeps their price columns. */
export const RECURRING_CYCLES = ['m', 'q', 's', 'a', 'b', 't', 'p4', 'p5', 'd', 'w', 'h'] as const;
/** getProducts lists recurring prices as q, a, s (the real sample's order), unlike the product record. */
export const PRODUCT_LIST_CYCLES = ['m', 'q', 'a', 's', 'b', 't', 'p4', 'p5', 'd', 'w', 'h'] as const;
/** The setup-fee columns, in the record's order. */
export const SETUP_PRICES = [
  'm_setup',
  'q_setup',
  's_setup',
  'a_setup',
  'b_setup',
  't_setup',
  'p4_setup',
  'p5_setup',
  'd_setup',
  'w_setup',
  'h_setup',
] as const;

export type RecurringCycle = (typeof RECURRING_CYCLES)[number];
/** A cycle code as calls take it: recurring, or a one-time or free charge. */
export type Cycle = RecurringCycle | 'Once' | 'Free';
/** A cycle as services and addons show it ("Monthly", "One Time"). */
export type CycleName = Account['billingcycle'];

/** Wire names of the cycle codes; a one-time charge is stored as "One Time". */
export const CYCLE_NAMES: Record<Cycle, CycleName> = {
  h: 'Hourly',
  d: 'Daily',
  w: 'Weekly',
  m: 'Monthly',
  q: 'Quarterly',
  s: 'Semi-Annually',
  a: 'Annually',
  b: 'Biennially',
  t: 'Triennially',
  p4: 'Quadrennially',
  p5: 'Quinquennially',
  Once: 'One Time',
  Free: 'Free',
};

const CODE_OF_NAME = new Map<string, Cycle>(Object.entries(CYCLE_NAMES).map(([code, name]) => [name, code as Cycle]));
// Some records say "Once" where others say "One Time".
CODE_OF_NAME.set('Once', 'Once');

/** The code of a cycle name ("Monthly" -> "m"); undefined for a name that is no cycle. */
export function cycleCode(name: string): Cycle | undefined {
  return CODE_OF_NAME.get(name);
}

/** The lower-case name order drafts show ("monthly", "semi-annually", "once", "free"). */
export function draftCycleName(cycle: Cycle): string {
  return cycle === 'Once' ? 'once' : CYCLE_NAMES[cycle].toLowerCase();
}

export const isRecurring = (cycle: Cycle): cycle is RecurringCycle => cycle !== 'Once' && cycle !== 'Free';

/** One period of a recurring cycle; hourly is an hour, so its dates only move near midnight. */
const PERIOD: Record<RecurringCycle, { months: number } | { days: number }> = {
  h: { days: 1 / 24 },
  d: { days: 1 },
  w: { days: 7 },
  m: { months: 1 },
  q: { months: 3 },
  s: { months: 6 },
  a: { months: 12 },
  b: { months: 24 },
  t: { months: 36 },
  p4: { months: 48 },
  p5: { months: 60 },
};

/** `date` moved on by `periods` periods of the cycle (months clamp to the month's last day). */
export function addPeriods(date: Date, cycle: RecurringCycle, periods = 1): Date {
  const length = PERIOD[cycle];
  return 'months' in length ? addMonths(date, length.months * periods) : addDays(date, length.days * periods);
}

/** Today plus one period; a charge that never recurs has no next due date. */
export function nextDueDate(cycle: Cycle, now: Date): string {
  return isRecurring(cycle) ? formatDate(addPeriods(now, cycle)) : ZERO_DATE;
}

/** The first period's first and last day: the last is the day before the next due date, never before the first. */
export function firstPeriod(cycle: Cycle, start: Date): { from: string; to: string } {
  if (!isRecurring(cycle)) return { from: ZERO_DATE, to: ZERO_DATE };
  const last = addDays(addPeriods(start, cycle), -1);
  return { from: formatDate(start), to: formatDate(last < start ? start : last) };
}

/** A product or addon record: its paytype and its price and setup columns per recurring cycle. */
export type Priced = { paytype: string } & Record<RecurringCycle | (typeof SETUP_PRICES)[number], string>;

/**
 * The cycles a product or addon is sold on: a Regular one each recurring cycle
 * priced above "0.00", a Once one only "Once", a Free one only "Free". Anything
 * else (a domain TLD, priced per period) offers none.
 */
export function offeredCycles(item: Priced): Cycle[] {
  if (item.paytype === 'Once') return ['Once'];
  if (item.paytype === 'Free') return ['Free'];
  if (item.paytype !== 'Regular') return [];
  return RECURRING_CYCLES.filter((cycle) => toCents(item[cycle]) !== 0);
}

/** Price and setup fee of one unit in cents, in the record's currency. A one-time price lives in the `m` columns. */
export function cyclePriceCents(item: Priced, cycle: Cycle): { price: number; setup: number } {
  if (cycle === 'Free') return { price: 0, setup: 0 };
  const key = cycle === 'Once' ? 'm' : cycle;
  return { price: toCents(item[key]), setup: toCents(item[`${key}_setup`]) };
}
