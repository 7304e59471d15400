// What a session keeps beside its collections when it has a data file: its
// clock, whether the automation runs and the day it counts from, its faults
// and its snapshots (each snapshot's collections in a file of its own). The
// store writes it with the collections and in the log (src/store/data-files.ts);
// this module says what it holds and checks it when it is read back. The
// request journal is not kept: it records traffic, is written on every
// request, and a restarted server answers for what it is sent from then on.
import { DataFileError } from '../store/persistence.js';
import type { SessionEntry } from '../store/saver.js';
import type { SavedClock } from './clock.js';
import { ControlError } from './control-error.js';
import { faultSpecOf, snapshotName } from './control-input.js';
import type { SavedFaults } from './faults.js';
import type { SavedWebhooks } from './webhooks.js';

/** A snapshot as kept: when it was taken, the clock then, and the number of its collections' file. */
export interface SavedSnapshot {
  name: string;
  savedAt: string;
  /** The clock's moment (ms) when the snapshot was taken, and whether it was frozen. */
  at: number;
  frozen: boolean;
  /** The day the automation counted from then, when the state had never run it. */
  automationFrom: string;
  file: number;
}

export interface SavedSession {
  clock: SavedClock;
  automation: { enabled: boolean; from: string };
  faults: SavedFaults;
  snapshots: { next: number; list: SavedSnapshot[] };
  /** The webhooks and the deliveries not yet finished (absent in files written before webhooks). */
  webhooks?: SavedWebhooks;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isWhole = (value: unknown, min = 0): value is number => Number.isSafeInteger(value) && (value as number) >= min;
const isMoment = (value: unknown): value is number => Number.isSafeInteger(value);

function clockProblem(clock: unknown): string | undefined {
  if (!isObject(clock)) return 'clock must be { "frozenAt": <ms or null>, "offsetMs": <ms> }';
  if (!(clock.frozenAt === null || isMoment(clock.frozenAt))) return 'clock.frozenAt must be a moment in ms or null';
  if (!isMoment(clock.offsetMs)) return 'clock.offsetMs must be a whole number of ms';
  return undefined;
}

/** The refusal of a check the control service makes of what it is sent, or undefined. */
function refusal(check: () => unknown): string | undefined {
  try {
    check();
  } catch (error) {
    if (error instanceof ControlError) return error.message;
    throw error;
  }
  return undefined;
}

function faultProblem(fault: unknown, at: number): string | undefined {
  if (!isObject(fault)) return `faults.list[${at}] must be a fault`;
  const { id, remaining, ...spec } = fault;
  // Digits as text; a data file written before fault ids were text keeps a number.
  if (!isWhole(id, 1) && !(typeof id === 'string' && /^[1-9][0-9]*$/.test(id))) return `faults.list[${at}].id must be digits from "1"`;
  if (!(remaining === null || isWhole(remaining, 1))) return `faults.list[${at}].remaining must be a whole number from 1 or null`;
  // Checked as a new fault would be, whatever call it names (a saved one may name a call of another version).
  const why = refusal(() => faultSpecOf(spec, typeof spec.call === 'string' ? [spec.call] : []));
  return why && `faults.list[${at}]: ${why}`;
}

function snapshotProblem(snapshot: unknown, at: number): string | undefined {
  const where = `snapshots.list[${at}]`;
  if (!isObject(snapshot)) return `${where} must be a snapshot`;
  const { name, savedAt, frozen, automationFrom, file } = snapshot;
  // Named as a new snapshot would be.
  const ofName = refusal(() => snapshotName(name));
  if (ofName) return `${where}.${ofName}`;
  if (typeof savedAt !== 'string') return `${where}.savedAt must be a date and time`;
  if (!isMoment(snapshot.at)) return `${where}.at must be a moment in ms`;
  if (typeof frozen !== 'boolean') return `${where}.frozen must be true or false`;
  if (typeof automationFrom !== 'string' || !DAY.test(automationFrom)) return `${where}.automationFrom must be a day (YYYY-MM-DD)`;
  if (!isWhole(file, 1)) return `${where}.file must be a whole number from 1`;
  return undefined;
}

/** What is wrong with a saved session state, or undefined. */
function problem(entry: Record<string, unknown>): string | undefined {
  const { clock, automation, faults, snapshots } = entry;
  const ofClock = clockProblem(clock);
  if (ofClock) return ofClock;
  if (
    !isObject(automation) ||
    typeof automation.enabled !== 'boolean' ||
    typeof automation.from !== 'string' ||
    !DAY.test(automation.from)
  ) {
    return 'automation must be { "enabled": true or false, "from": "YYYY-MM-DD" }';
  }
  if (!isObject(faults) || !isWhole(faults.next, 1) || !Array.isArray(faults.list)) {
    return 'faults must be { "next": <id>, "list": [...] }';
  }
  const ofFault = faults.list.map(faultProblem).find(Boolean);
  if (ofFault) return ofFault;
  if (!isObject(snapshots) || !isWhole(snapshots.next, 1) || !Array.isArray(snapshots.list)) {
    return 'snapshots must be { "next": <file number>, "list": [...] }';
  }
  const ofSnapshot = snapshots.list.map(snapshotProblem).find(Boolean);
  if (ofSnapshot) return ofSnapshot;
  return webhooksProblem(entry.webhooks);
}

function webhooksProblem(webhooks: unknown): string | undefined {
  if (webhooks === undefined) return undefined;
  const shape = 'webhooks must be { "next": { "webhook", "event", "delivery" }, "hooks": [...], "pending": [...] }';
  if (!isObject(webhooks) || !isObject(webhooks.next) || !Array.isArray(webhooks.hooks) || !Array.isArray(webhooks.pending)) return shape;
  const { next } = webhooks;
  if (!isWhole(next.webhook, 1) || !isWhole(next.event, 1) || !isWhole(next.delivery, 1)) return shape;
  const badHook = webhooks.hooks.findIndex(
    (h) => !isObject(h) || !isWhole(h.id, 1) || typeof h.url !== 'string' || typeof h.secret !== 'string' || !Array.isArray(h.events),
  );
  if (badHook >= 0) return `webhooks.hooks[${badHook}] must be a webhook`;
  const badDelivery = webhooks.pending.findIndex(
    (d) => !isObject(d) || !isWhole(d.id, 1) || !isWhole(d.webhook, 1) || typeof d.body !== 'string' || !Array.isArray(d.attempts),
  );
  if (badDelivery >= 0) return `webhooks.pending[${badDelivery}] must be a delivery`;
  return undefined;
}

/** The saved state, checked; a DataFileError naming what is wrong, and where, otherwise. */
export function readSavedSession(entry: SessionEntry, where: string): SavedSession {
  const why = problem(entry);
  if (why) throw new DataFileError(`${where}: the session's saved state is invalid: ${why}; fix or move it, it was left unchanged`);
  return entry as unknown as SavedSession;
}
