// Moving a test app's session clock through the control routes, as a user of billsim would.
import type { FastifyInstance } from 'fastify';
import type { WireParams } from '../helpers/app.js';
import { read as readResult } from '../helpers/reads.js';
import { emails as outbox } from '../helpers/tickets.js';
import type { Test } from 'tap';

export async function clock(app: FastifyInstance, change: Record<string, unknown>, session?: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/__billsim/clock',
    payload: change,
    headers: session ? { 'x-billsim-session': session } : {},
  });
  if (response.statusCode !== 200) throw new Error(`clock: HTTP ${response.statusCode} ${response.body}`);
  return response.json() as { now: string; frozen: boolean; automation: { days: number; actions: Record<string, number> } };
}

/** Jumps to noon of a day. */
export const onDay = (app: FastifyInstance, day: string, session?: string) => clock(app, { now: `${day} 12:00:00` }, session);

/** The result of a read call, asserted successful and schema-valid (loosely typed, for the story's deep reads). */
export async function read(t: Test, app: FastifyInstance, call: string, params: WireParams = {}) {
  return (await readResult(t, app, call, params)) as Record<string, any>;
}

export async function automationLog(app: FastifyInstance, session?: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/__billsim/automation',
    headers: session ? { 'x-billsim-session': session } : {},
  });
  return response.json() as { enabled: boolean; last_run: string; entries: Array<Record<string, any>> };
}

export async function emails(app: FastifyInstance) {
  return (await outbox(app)) as unknown as Array<Record<string, any>>;
}
