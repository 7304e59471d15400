// Refusals as tables: a test of its own per table, and the cases every call
// with an id or a service status refuses alike. Each case asserts the whole
// error envelope, and every table ends by proving the store did not change.
import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertError, build, storeJson, type WireParams } from './app.js';

export type Refusal = readonly [WireParams, string];
export type LabelledRefusal = readonly [string, WireParams, string];

const UNCHANGED = 'the refused calls changed nothing';

/** Each case answers exactly its error, and none of them changes the store (`note` says what would have changed). */
export async function refusedWith(t: Test, app: FastifyInstance, call: string, cases: ReadonlyArray<Refusal>, note = UNCHANGED) {
  const before = storeJson(app);
  for (const [params, message] of cases) assertError(t, await api(app, call, params), call, [message]);
  t.equal(storeJson(app), before, note);
}

/** As refusedWith, each case named, so a failure says which case answered the wrong error. */
export async function refusedEach(t: Test, app: FastifyInstance, call: string, cases: ReadonlyArray<LabelledRefusal>, note = UNCHANGED) {
  const before = storeJson(app);
  for (const [label, params, message] of cases) {
    const body = await api(app, call, params);
    t.strictSame(body.error, [message], label);
    assertError(t, body, call, [message]);
  }
  t.equal(storeJson(app), before, note);
}

/** A request with several independent problems answers them all at once, in this order, and changes nothing. */
export async function refusedAtOnce(t: Test, app: FastifyInstance, call: string, params: WireParams, expected: string[]) {
  const before = storeJson(app);
  assertError(t, await api(app, call, params), call, expected);
  t.equal(storeJson(app), before, UNCHANGED);
}

/** A test of its own, on a fresh bundled world, for one table of refusals. */
export function refusals(title: string, call: string, cases: ReadonlyArray<Refusal>, note = UNCHANGED): void {
  t.test(title, async (t) => refusedWith(t, await build(t), call, cases, note));
}

/** What every call taking a record id refuses: no id, a malformed one, and one that names no record. */
export function idRefusals(record: string, malformed: string, unknown = '99'): Refusal[] {
  return [
    [{}, 'Parameter id is required'],
    [{ id: malformed }, 'Parameter id must be a positive whole number id, such as 1'],
    [{ id: unknown }, `${record} ${unknown} not found`],
  ];
}

/** One bundled account in each service status, the ones the status-changing account tests refuse. */
const ACCOUNT_IN: Record<string, string> = { Active: '1', Pending: '10', Suspended: '5', Terminated: '11', Cancelled: '9', Fraud: '18' };

/** Each bundled account whose status is not in `allowed`, refused because only those can become `next`. */
export function accountsNotIn(allowed: string[], next: string): Refusal[] {
  return Object.entries(ACCOUNT_IN)
    .filter(([status]) => !allowed.includes(status))
    .map(([status, id]) => [{ id }, `Account ${id} is ${status}: only a service that is ${allowed.join(' or ')} can become ${next}`]);
}

/** The case of an email another client or contact already uses (compared whatever its letter case). */
export function emailTaken(label: string, params: WireParams, email: string): LabelledRefusal {
  return [label, { ...params, email }, `Email ${email} is already used by another client or contact`];
}
