// One call per encoding, each in a session named after its encoding, so a test
// compares both the answers and the state each encoding leaves behind.
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { ENCODINGS, api, storeJson, type Body, type WireParams } from './app.js';

/** The call made once per encoding, each in the session named after it; the bodies in ENCODINGS order. */
export async function callInEachSession(app: FastifyInstance, call: string, params: WireParams): Promise<Body[]> {
  const bodies: Body[] = [];
  for (const via of ENCODINGS) bodies.push(await api(app, call, params, { via, session: via }));
  return bodies;
}

/** Asserts every encoding's session holds the state the first one holds. */
export function sameStateInEachSession(t: Test, app: FastifyInstance): void {
  const stores = ENCODINGS.map((via) => storeJson(app, via));
  for (const store of stores) t.equal(store, stores[0]);
}
