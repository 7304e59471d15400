// One call per encoding, each in a session named after its encoding, so a test
// compares both the answers and the state each encoding leaves behind.
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { ENCODINGS, api, storeJson, type Body, type WireParams } from './app.js';
import { verifyPassword } from '../../src/domain/password.js';

/** The call made once per encoding, each in the session named after it; the bodies in ENCODINGS order. */
export async function callInEachSession(app: FastifyInstance, call: string, params: WireParams): Promise<Body[]> {
  const bodies: Body[] = [];
  for (const via of ENCODINGS) bodies.push(await api(app, call, params, { via, session: via }));
  return bodies;
}

/** Asserts every encoding's session holds the state the first one holds; answers that state, to compare with another session. */
export function sameStateInEachSession(t: Test, app: FastifyInstance): string {
  const stores = ENCODINGS.map((via) => storeJson(app, via));
  for (const store of stores) t.equal(store, stores[0]);
  return stores[0];
}

/** The client each encoding's session created as `id`: the same record everywhere, its password kept only as a hash, none in the default session. */
export function sameNewClientInEachSession(t: Test, app: FastifyInstance, id: string, password: string): void {
  const world = (session: string) => app.billsim.sessions.get(session).world;
  const records = ENCODINGS.map((via) => {
    const { password: stored, ...rest } = world(via).get('clients', id)!;
    t.ok(verifyPassword(password, stored), `${via}: password hashed`);
    return rest;
  });
  for (const record of records) t.strictSame(record, records[0]);
  t.equal(world('default').get('clients', id), undefined, 'the default session is untouched');
}

/** Reads one record back from each encoding's session and asserts they are all the same; answers it. */
export async function sameRecordInEachSession<T>(t: Test, readIn: (session: string) => Promise<T>): Promise<T> {
  const records: T[] = [];
  for (const via of ENCODINGS) records.push(await readIn(via));
  for (const record of records) t.strictSame(record, records[0]);
  return records[0];
}

/** The call made once per encoding in its own session (callInEachSession), every answer exactly `expected`. */
export async function answersInEachSession(
  t: Test,
  app: FastifyInstance,
  call: string,
  params: WireParams,
  expected: object,
): Promise<void> {
  for (const body of await callInEachSession(app, call, params)) t.strictSame(body, expected);
}
