import type { Session } from '../session/sessions.js';
import { unixTime } from '../lib/dates.js';

// A read-only call's answer is a function of the session's state, the
// parameters and the clock: operations get nothing else, and every date they
// read or write, like server_time, is whole seconds. Its serialized bytes are
// therefore kept per session and sent again to the same request while the
// world's version (moved on by every write, undo, reset and restore) and the
// clock's second are unchanged. Running the call, building its envelope and
// serializing it cost more than the rest of a read (bench/README.md).
// Faults are taken before this is asked, and the journal records every request.

/** Answers kept per session at once, and the longest answer kept (in characters). */
export const KEPT_ANSWERS = 32;
export const KEPT_ANSWER_LENGTH = 64 * 1024;

interface Kept {
  version: number;
  second: number;
  answers: Map<string, string>;
}

const bySession = new WeakMap<Session, Kept>();

/**
 * The answer to `params` at this state and second: the kept one, or `make()`'s,
 * kept for the next request. An error thrown by make() is never kept.
 */
export function keptAnswer(session: Session, now: Date, params: object, make: () => string): string {
  const version = session.world.version;
  const second = unixTime(now);
  let kept = bySession.get(session);
  if (!kept) {
    kept = { version, second, answers: new Map() };
    bySession.set(session, kept);
  } else if (kept.version !== version || kept.second !== second) {
    kept.version = version;
    kept.second = second;
    kept.answers.clear();
  }
  const key = JSON.stringify(params);
  let json = kept.answers.get(key);
  if (json === undefined) {
    json = make();
    if (json.length <= KEPT_ANSWER_LENGTH) {
      if (kept.answers.size >= KEPT_ANSWERS) kept.answers.clear();
      kept.answers.set(key, json);
    }
  }
  return json;
}
