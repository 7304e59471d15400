// Stubs: calls answered the session's own way instead of by the simulation
// (schemas/resources/stub.json has every rule). They are records of the
// session's world (the stubs collection), so fixtures can ship them, a reset
// returns to those, and snapshots and --data carry them like any record. An
// answer's string values are Handlebars templates, compiled once per stored
// record, in an environment without the log helper: a template reaches its
// scope (params, call, server_time, now) and nothing of the process.
import Handlebars from 'handlebars';
import { formatDateTime, unixTime } from '../lib/dates.js';
import type { Stub, StubSpec } from '../generated/wire.js';
import type { View, World } from '../store/world.js';

const templates = Handlebars.create();
templates.unregisterHelper('log');

/** Keys billsim writes in every envelope: a stub's answer may not set them. */
export const ENVELOPE_KEYS = ['success', 'call', 'server_time'];
/** The largest answer a stub keeps, as JSON characters. */
export const MAX_STUB_ANSWER = 1024 * 1024;

type Render = (scope: object) => unknown;

/** Every string of `value`, with where it is ("answer.items[0].name"). */
function strings(value: unknown, at: string, found: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') found.push([at, value]);
  else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) strings(item, `${at}[${i}]`, found);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) strings(item, `${at}.${key}`, found);
  }
  return found;
}

/** What is wrong with an answer's templates: each one that does not compile, with where it is. */
export function templateProblems(answer: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [at, text] of strings(answer, 'answer')) {
    try {
      templates.parse(text);
    } catch (error) {
      problems.push(`${at} is not a template that compiles (${(error as Error).message.split('\n').join(' ').slice(0, 300)})`);
    }
  }
  return problems;
}

function compile(value: unknown): Render {
  if (typeof value === 'string') {
    if (!value.includes('{{')) return () => value;
    const template = templates.compile(value, { noEscape: true, strict: false });
    return (scope) => template(scope);
  }
  if (Array.isArray(value)) {
    const items = value.map(compile);
    return (scope) => items.map((item) => item(scope));
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, item]): [string, Render] => [key, compile(item)]);
    return (scope) => Object.fromEntries(entries.map(([key, item]) => [key, item(scope)]));
  }
  return () => value;
}

// Records are immutable: a compiled answer is kept as long as its record lives.
const compiled = new WeakMap<Stub, Render>();

/** The stub's answer with its templates filled in. */
export function stubAnswer(stub: Stub, scope: { params: object; call: string; now: Date }): Record<string, unknown> {
  let render = compiled.get(stub);
  if (!render) {
    render = compile(stub.answer ?? {});
    compiled.set(stub, render);
  }
  const { params, call, now } = scope;
  return render({ params, call, server_time: unixTime(now), now: formatDateTime(now) }) as Record<string, unknown>;
}

/** The request's value at a key, bracket keys followed as the API reads them ("a[b][0]" is params.a.b[0]). */
function valueAt(params: Record<string, unknown>, key: string): unknown {
  const path = key.replace(/\]/g, '').split('[');
  let value: unknown = params;
  for (const step of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, step)) return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/** The stub that answers this request of `call`: of those whose params it carries, the one with the most params, then the newest. */
export function stubFor(world: View, call: string, params: Record<string, unknown>): Stub | undefined {
  let best: Stub | undefined;
  let bestSize = -1;
  for (const stub of world.where('stubs', 'call', call)) {
    const wanted = Object.entries(stub.params ?? {});
    if (!wanted.every(([key, value]) => valueAt(params, key) === value)) continue;
    if (wanted.length > bestSize || (wanted.length === bestSize && Number(stub.id) > Number(best!.id))) {
      best = stub;
      bestSize = wanted.length;
    }
  }
  return best;
}

/** Whether any stub names `call`: most requests have none, and skip the rest. */
export const stubbed = (world: View, call: string): boolean => world.where('stubs', 'call', call).length > 0;

/** What is wrong with stored stubs (a fixtures folder's stubs.json) that their schema cannot say, by record. */
export function storedStubProblems(stubs: readonly Stub[]): string[] {
  return stubs.flatMap((stub, at) => {
    const taken = ENVELOPE_KEYS.filter((key) => stub.answer && Object.hasOwn(stub.answer, key));
    const problems = [
      ...(taken.length > 0 ? [`answer sets ${taken.join(', ')}, which billsim writes`] : []),
      ...(stub.answer && stub.error ? ['it has both answer and error'] : []),
      ...templateProblems(stub.answer ?? {}),
    ];
    return problems.map((problem) => `stubs record ${at + 1} (id ${stub.id}): ${problem}`);
  });
}

/** Stores a stub: the spec as given, with the next id. */
export function addStub(world: World, spec: StubSpec): Stub {
  return world.insert('stubs', { id: world.nextId('stubs'), ...spec });
}

/** Counts one request against a stub with `times`; the last one removes it. */
export function countDown(world: World, stub: Stub): void {
  if (stub.times === undefined) return;
  const left = (stub.remaining ?? stub.times) - 1;
  if (left <= 0) world.remove('stubs', stub.id);
  else world.replace('stubs', { ...stub, remaining: left });
}
