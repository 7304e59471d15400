import type { Adapter } from 'lowdb';
import type { Collections } from '../generated/wire.js';

type Name = keyof Collections;

/** One write of a mutation: a record stored (inserted, or replacing the one with its id) or removed. */
export type Change = { collection: Name; put: { id: string } } | { collection: Name; remove: string };

/**
 * Where a world's committed state is kept. A mutation is acknowledged only
 * once saveChanges resolves; when it rejects, the world undoes the mutation.
 */
export interface Saver {
  /**
   * Saves one mutation: the changes it made, in order; `state` gives the whole
   * state after it. `session`, when given, is the session's own state after it
   * (the webhook deliveries its events queued), kept in the same write.
   */
  saveChanges(changes: readonly Change[], state: () => Collections, session?: SessionEntry): Promise<void>;
  /** Saves a whole new state: a new data file, a reset, a snapshot restored. */
  saveAll(state: () => Collections): Promise<void>;
}

/**
 * A session's own state beside its collections (its clock, faults, snapshot
 * index...): plain JSON to the store, which keeps it with the collections and
 * hands it back at start-up; src/session/saved-state.ts says what it holds.
 */
export type SessionEntry = Record<string, unknown>;

/**
 * A saver that also keeps a session's own state and its snapshots (the data
 * file's log does; a lowdb adapter keeps collections only).
 */
export interface SessionSaver {
  /** The session's state as it is now: written with every whole state, so a new data file holds it too. */
  sessionEntry?: () => SessionEntry;
  /** Saves a change of the session's own state (no change of collections). */
  saveSession(entry: SessionEntry): Promise<void>;
  /** Writes a snapshot's collections under a number of their own, before the session entry that names it is saved. */
  saveSnapshot(id: number, data: Collections): Promise<void>;
  /** Removes a snapshot's file once no saved session entry names it (a failure leaves a file that start-up removes). */
  removeSnapshot(id: number): Promise<void>;
}

/** A lowdb adapter (the `defaultAdapter` option) as a saver: it is handed the whole state after every change. */
export function adapterSaver(adapter: Adapter<Collections>): Saver {
  return {
    saveChanges: (_changes, state) => adapter.write(state()),
    saveAll: (state) => adapter.write(state()),
  };
}
