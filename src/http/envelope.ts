import type { AnswerShape } from '../operations/operation.js';
import { unixTime } from '../lib/dates.js';

/**
 * The wire envelope: call's fields first, then call and server_time, then info
 * (as the real API orders them). A call with a published quirk (its AnswerShape)
 * echoes another call name or places some fields right after `call`.
 */
export function successEnvelope(call: string, now: Date, result: object, shape: AnswerShape = {}): Record<string, unknown> {
  const { info, ...fields } = result as { info?: string[] } & Record<string, unknown>;
  const late: Record<string, unknown> = {};
  for (const key of shape.afterCall ?? []) {
    if (!Object.hasOwn(fields, key)) continue;
    late[key] = fields[key];
    delete fields[key];
  }
  const body: Record<string, unknown> = { success: true, ...fields, call: shape.call ?? call, ...late, server_time: unixTime(now) };
  if (info !== undefined) body.info = info;
  return body;
}

export function errorEnvelope(call: string, now: Date, messages: string[]): Record<string, unknown> {
  return { success: false, call, server_time: unixTime(now), error: messages };
}
