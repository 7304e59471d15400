import type { View, World } from '../store/world.js';
import type { Client, ClientGuest } from '../generated/wire.js';
import { DoorError, messages } from '../errors.js';
import { holdsPrivilege } from '../domain/contactDetails.js';
import { guestHolds } from '../domain/guests.js';

/**
 * Who a request of the customer's door stands for, and how it proved it.
 * `person` is the clients row that logged in: a main client, or a contact
 * (parent_id other than "0"), whose records are its client's (`clientId`).
 */
export interface Caller {
  person: Client;
  /** The main client whose records the caller sees: the person, or a contact's client. */
  clientId: string;
  /** An access token (JWT), a personal access token, HTTP Basic, or the challenge of a two-factor login. */
  via: 'jwt' | 'personal' | 'basic' | 'mfa';
  /** The userapi_tokens row of the login or personal token (not for Basic). */
  tokenId?: string;
  /** The access token's id (`jti`), for logout. */
  jti?: string;
  /** The guest access grant the caller entered `clientId`'s profile by (a guest login), checked still Active on each request. */
  guest?: ClientGuest;
}

/** Whether the caller holds `privilege` ("billing.payinvoice"): a main client every one, a contact what it was granted, a guest what its grant lists. */
export function callerHolds(caller: Caller, privilege: string): boolean {
  return caller.guest ? guestHolds(caller.guest, privilege) : holdsPrivilege(caller.person, privilege);
}

/** The 403 for a caller without `privilege`, naming who grants it. */
export function privilegeRefusal(caller: Caller, privilege: string): DoorError {
  return new DoorError(
    403,
    caller.guest ? messages.doorGuestPrivilege(caller.guest.id, privilege) : messages.doorPrivilege(caller.person.id, privilege),
  );
}

/**
 * What a route may use: the session's world (a read-only view, or writable
 * inside the route's one mutation), its clock, the session's name (tokens carry
 * it) and the caller (undefined on routes that need no login). Nothing from HTTP.
 */
export interface RouteContext<W extends View = View> {
  world: W;
  now: Date;
  session: string;
  caller: Caller | undefined;
}

/**
 * One route of the customer's door: src/userapi/<group>/<name>.ts, its schema
 * schemas/userapi/<group>/<name>.json. `run` answers from the world (a read) or
 * changes it as one mutation, all or nothing, through the domain rules the
 * Admin calls use. `prepare` does slow work first, off the event loop (a
 * password's scrypt, a new signing key) and hands its result to run; `finish`
 * turns run's result into the answer after the change is saved, for work that
 * cannot be done inside a mutation (signing a token). Errors are thrown as
 * ApiError (HTTP 200) or DoorError (its own status).
 */
export interface ReadRoute<I, R, A> {
  mutates: false;
  /**
   * When the input is malformed, what the world refuses of its well-formed
   * parameters (those not in `refused`), named in the same answer, so a route
   * that checks against the world (an e-mail in use) names every problem at once.
   */
  malformed?: (input: Record<string, unknown>, refused: ReadonlySet<string>, world: View) => string[];
  prepare?: (input: I, world: View, ctx: RouteContext) => Promise<unknown>;
  run(input: I, ctx: RouteContext, prepared: unknown): R;
  finish?: (result: R, ctx: RouteContext) => Promise<A>;
}

export interface WriteRoute<I, R, A> {
  mutates: true;
  /**
   * When the input is malformed, what the world refuses of its well-formed
   * parameters (those not in `refused`), named in the same answer, so a route
   * that checks against the world (an e-mail in use) names every problem at once.
   */
  malformed?: (input: Record<string, unknown>, refused: ReadonlySet<string>, world: View) => string[];
  prepare?: (input: I, world: View, ctx: RouteContext) => Promise<unknown>;
  run(input: I, ctx: RouteContext<World>, prepared: unknown): R;
  finish?: (result: R, ctx: RouteContext) => Promise<A>;
}

export type Route<I, R, A = R> = ReadRoute<I, R, A> | WriteRoute<I, R, A>;

// The registry holds routes of many input types; input is validated against the route's schema before run sees it.
// biome-ignore lint/suspicious/noExplicitAny: each entry has its own input and answer types
export type AnyRoute = Route<any, any, any>;

/** A route that reads: its answer is run's result, or finish's. */
export function defineRead<I, R extends object, A extends object = R>(route: Omit<ReadRoute<I, R, A>, 'mutates'>): ReadRoute<I, R, A> {
  return { mutates: false, ...route };
}

/** A route that changes the world: run is one mutation, saved whole or not at all. */
export function defineWrite<I, R extends object, A extends object = R>(route: Omit<WriteRoute<I, R, A>, 'mutates'>): WriteRoute<I, R, A> {
  return { mutates: true, ...route };
}

/** The caller of a route that requires a login (the door refuses the request before run otherwise). */
export function callerOf(ctx: RouteContext): Caller {
  if (!ctx.caller) throw new Error('a route that needs a login ran without one');
  return ctx.caller;
}
