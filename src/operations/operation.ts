import type { View, World } from '../store/world.js';
import type { ApiAccess } from '../generated/wire.js';

/**
 * What a read-only call may use: the session's world through a read-only view,
 * its clock, and the API key the request authenticated with (the calls it may
 * run are getAPIMethods' answer). Nothing from HTTP.
 */
export interface ReadContext {
  world: View;
  now: Date;
  caller: ApiAccess;
}

/** What a mutating call may use: the session's world, writable while the call runs inside World.mutate. */
export interface WriteContext {
  world: World;
  now: Date;
}

/**
 * Where a call's published answer departs from the usual envelope
 * (`success`, the result's fields, `call`, `server_time`, `info`). Only a call
 * whose real answer is published that way declares it.
 */
export interface AnswerShape {
  /** The name `call` echoes instead of the name requested. */
  call?: string;
  /** Result fields the answer places between `call` and `server_time`, in this order. */
  afterCall?: readonly string[];
  /**
   * Every answer is the error envelope: the call is published, but what it
   * reaches is not simulated (call=module and an installation's modules).
   */
  alwaysRefused?: true;
}

/**
 * Work a call cannot do on the event loop without stalling every other request
 * (password hashing): awaited before run, with the state run will see (for a
 * mutation, inside the session's write queue, so nothing is written between).
 * It changes nothing; what it computes, run finds (src/domain/password.ts).
 */
export type Prepare<P> = (params: P, world: View) => Promise<void>;

export interface ReadOperation<P, R extends object> {
  mutates: false;
  answer?: AnswerShape;
  prepare?: Prepare<P>;
  run(params: P, ctx: ReadContext): R;
}

/** A call that changes state: it runs as one mutation (all or nothing) and is persisted. */
export interface WriteOperation<P, R extends object> {
  mutates: true;
  answer?: AnswerShape;
  prepare?: Prepare<P>;
  run(params: P, ctx: WriteContext): R;
}

export type Operation<P, R extends object> = ReadOperation<P, R> | WriteOperation<P, R>;

// The registry stores operations of many parameter types; params are validated
// against the call's schema before run() sees them.
// biome-ignore lint/suspicious/noExplicitAny: each entry has its own parameter type
export type AnyOperation = Operation<any, object>;

/** A read-only call: it sees the world through a View, and any write it attempted would throw. */
export function defineOperation<P, R extends object>(op: ReadOperation<P, R>): ReadOperation<P, R> {
  return op;
}

/** A call that changes state: it runs as one mutation, gets the writable world, and is persisted. */
export function defineMutation<P, R extends object>(op: WriteOperation<P, R>): WriteOperation<P, R> {
  return op;
}
