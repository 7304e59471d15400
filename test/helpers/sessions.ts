// One call per encoding, each in a session of its own (sessionOf), so a test
// compares both the answers and the state each encoding leaves behind.
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { ENCODINGS, api, storeJson, type Body, type Encoding, type WireParams } from './app.js';
import { verifyPassword } from '../../src/domain/password.js';

/** The session the call through `via` runs in. */
export const sessionOf = (via: Encoding): string => `same-${via}`;

/** The call made once per encoding, each in its own session; the bodies in ENCODINGS order. */
export async function callInEachSession(app: FastifyInstance, call: string, params: WireParams): Promise<Body[]> {
  const bodies: Body[] = [];
  for (const via of ENCODINGS) bodies.push(await api(app, call, params, { via, session: sessionOf(via) }));
  return bodies;
}

/** Asserts every encoding answered as GET did; answers GET's body. */
export function sameAnswers(t: Test, bodies: Body[]): Body {
  for (let i = 1; i < bodies.length; i++) t.strictSame(bodies[i], bodies[0], `${ENCODINGS[i]} answers as GET does`);
  return bodies[0];
}

/** Asserts every encoding's session holds the state GET's holds; answers that state, to compare with another session. */
export function sameStateInEachSession(t: Test, app: FastifyInstance): string {
  const stores = ENCODINGS.map((via) => storeJson(app, sessionOf(via)));
  for (let i = 1; i < stores.length; i++) t.equal(stores[i], stores[0], `${ENCODINGS[i]} leaves the state GET leaves`);
  return stores[0];
}

/**
 * Makes one mutating call through every encoding, each in its own session, and
 * asserts the same answers and the same resulting state, which differs from
 * the untouched default session.
 */
export async function sameEverywhereMutating(t: Test, app: FastifyInstance, call: string, params: WireParams): Promise<Body> {
  const first = sameAnswers(t, await callInEachSession(app, call, params));
  t.not(sameStateInEachSession(t, app), storeJson(app), 'the call changed its own session only');
  return first;
}

/** The call made once per encoding in its own session, every answer exactly `expected`. */
export async function answersInEachSession(
  t: Test,
  app: FastifyInstance,
  call: string,
  params: WireParams,
  expected: object,
): Promise<void> {
  for (const body of await callInEachSession(app, call, params)) t.strictSame(body, expected);
}

/** Reads one record back from each encoding's session and asserts they are all GET's; answers it. */
export async function sameRecordInEachSession<T>(t: Test, readIn: (session: string) => Promise<T>): Promise<T> {
  const records: T[] = [];
  for (const via of ENCODINGS) records.push(await readIn(sessionOf(via)));
  for (let i = 1; i < records.length; i++) t.strictSame(records[i], records[0], `${ENCODINGS[i]} stored what GET stored`);
  return records[0];
}

/** The client each encoding's session created as `id`: the same record everywhere, its password kept only as a hash, none in the default session. */
export function sameNewClientInEachSession(t: Test, app: FastifyInstance, id: string, password: string): void {
  const world = (session: string) => app.billsim.sessions.get(session).world;
  const records = ENCODINGS.map((via) => {
    const { password: stored, ...rest } = world(sessionOf(via)).get('clients', id)!;
    t.ok(verifyPassword(password, stored), `${via}: password hashed`);
    return rest;
  });
  for (let i = 1; i < records.length; i++) t.strictSame(records[i], records[0], `${ENCODINGS[i]} stored what GET stored`);
  t.equal(world('default').get('clients', id), undefined, 'the default session is untouched');
}
