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
  /** Saves one mutation: the changes it made, in order; `state` gives the whole state after it. */
  saveChanges(changes: readonly Change[], state: () => Collections): Promise<void>;
  /** Saves a whole new state: a new data file, a reset, a snapshot restored. */
  saveAll(state: () => Collections): Promise<void>;
}

/** A lowdb adapter (the `defaultAdapter` option) as a saver: it is handed the whole state after every change. */
export function adapterSaver(adapter: Adapter<Collections>): Saver {
  return {
    saveChanges: (_changes, state) => adapter.write(state()),
    saveAll: (state) => adapter.write(state()),
  };
}
