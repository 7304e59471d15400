import { messages } from '../errors.js';
import { countDown, stubAnswer, stubFor } from '../session/stubs.js';
import type { Session } from '../session/sessions.js';
import type { View } from '../store/world.js';
import type { Stub } from '../generated/wire.js';
import type { Params } from './params.js';
import { USERAPI_PREFIX } from './userapi-routes.js';

// Stubs at the customer's door: a stub whose `call` is a route, "GET
// /api/service/{id}/vms" (placeholders match any one segment and their values
// join the request's input) or a literal path ("GET /api/service/7/vms"),
// answers that route in its place: a route billsim simulates, or one an
// installation's module adds. It answers before the caller is checked, so a
// stub can rehearse any answer, an expired token's included.

/** A door stub's answer, as the door sends it. */
export interface DoorStubAnswer {
  status: number;
  body: object;
  errors: string[];
  stub: string;
  delayMs?: number;
  /** Sent instead of the answer: a failure below the answer (src/http/failures.ts). */
  failure?: Stub['failure'];
}

/** The route names a stub may be filed under that match this request: its path with and without placeholders. */
function candidates(world: View, method: string, path: string): { call: string; values: Record<string, string> }[] {
  const prefix = `${method} ${USERAPI_PREFIX}/`;
  const found: { call: string; values: Record<string, string> }[] = [];
  const segments = path.split('/').filter(Boolean);
  for (const stub of world.all('stubs')) {
    if (!stub.call.startsWith(prefix) || found.some((entry) => entry.call === stub.call)) continue;
    const wanted = stub.call.slice(prefix.length).split('/').filter(Boolean);
    if (wanted.length !== segments.length) continue;
    const values: Record<string, string> = {};
    const fits = wanted.every((part, i) => {
      if (part.startsWith('{') && part.endsWith('}')) {
        values[part.slice(1, -1)] = segments[i];
        return true;
      }
      return part === segments[i];
    });
    if (fits) found.push({ call: stub.call, values });
  }
  return found;
}

/** Whether any stub may answer at the door: most sessions have none, and skip the rest. */
export function doorStubbed(world: View, method: string): boolean {
  const prefix = `${method} ${USERAPI_PREFIX}/`;
  return world.all('stubs').some((stub) => stub.call.startsWith(prefix));
}

/**
 * The stub that answers this request, found and counted down in one write (a
 * stub with `times` answers exactly that many), with its answer filled in.
 */
export async function doorStubAnswer(
  session: Session,
  method: string,
  path: string,
  input: Params,
  now: Date,
): Promise<DoorStubAnswer | undefined> {
  const picked = await session.write((world) => {
    let best: { stub: Stub; values: Record<string, string> } | undefined;
    for (const { call, values } of candidates(world, method, path)) {
      const stub = stubFor(world, call, { ...input, ...values });
      const size = (stub: Stub) => Object.keys(stub.params ?? {}).length;
      if (stub && (!best || size(stub) > size(best.stub) || (size(stub) === size(best.stub) && Number(stub.id) > Number(best.stub.id)))) {
        best = { stub, values };
      }
    }
    if (best) countDown(world, best.stub);
    return best;
  }, 'stub count');
  if (!picked) return undefined;
  const { stub, values } = picked;
  const id = stub.id;
  const hits = session.stubLog.hit(stub.id);
  const status = stub.status ?? 200;
  if (stub.error) return { status, body: { error: stub.error }, errors: stub.error, stub: id, delayMs: stub.delayMs };
  try {
    const body = stubAnswer(stub, { params: { ...input, ...values }, call: stub.call, now, hits });
    return { status, body, errors: [], stub: id, delayMs: stub.delayMs, ...(stub.failure && { failure: stub.failure }) };
  } catch (error) {
    const refused = [messages.stubAnswerFailed(stub.id, (error as Error).message)];
    return { status: 200, body: { error: refused }, errors: refused, stub: id };
  }
}
