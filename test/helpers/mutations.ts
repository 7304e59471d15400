// Helpers for calls that change state: the same call through every encoding,
// each in a session of its own (refusals that must change nothing: refusals.ts).
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { ENCODINGS, api, storeJson, type Body, type WireParams } from './app.js';

/**
 * Makes one mutating call through GET, urlencoded and multipart POST, each in a
 * fresh session, and asserts the same answers and the same resulting state,
 * which differs from the untouched default session.
 */
export async function sameEverywhereMutating(t: Test, app: FastifyInstance, call: string, params: WireParams): Promise<Body> {
  const bodies: Body[] = [];
  for (const via of ENCODINGS) bodies.push(await api(app, call, params, { via, session: `same-${via}` }));
  for (let i = 1; i < bodies.length; i++) t.strictSame(bodies[i], bodies[0], `${ENCODINGS[i]} answers as GET does`);
  const stores = ENCODINGS.map((via) => storeJson(app, `same-${via}`));
  for (let i = 1; i < stores.length; i++) t.equal(stores[i], stores[0], `${ENCODINGS[i]} leaves the state GET leaves`);
  t.not(stores[0], storeJson(app), 'the call changed its own session only');
  return bodies[0];
}
