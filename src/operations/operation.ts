import type { World } from '../store/world.js';

/** What an operation may use: the session's world and its clock. Nothing from HTTP. */
export interface Context {
  db: World;
  now: Date;
}

export interface Operation<P, R extends object> {
  /** True when the call changes state: it then runs in a transaction and is persisted. */
  mutates: boolean;
  run(params: P, ctx: Context): R;
}

// The registry stores operations of many parameter types; params are validated
// against the call's schema before run() sees them.
// biome-ignore lint/suspicious/noExplicitAny: each entry has its own parameter type
export type AnyOperation = Operation<any, object>;

export function defineOperation<P, R extends object>(op: Operation<P, R>): Operation<P, R> {
  return op;
}
