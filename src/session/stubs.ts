// Stubs: calls answered the session's own way instead of by the simulation
// (schemas/resources/stub.json has every rule). They are records of the
// session's world (the stubs collection), so fixtures can ship them, a reset
// returns to those, and snapshots and --data carry them like any record. An
// answer's string values are templates (src/session/templates.ts: Handlebars
// within a budget), compiled once per answer: a record a stub's count
// replaces keeps the answer object, and with it the compiled form.
import { formatDateTime, unixTime } from '../lib/dates.js';
import { keySteps, unreachableKey } from '../lib/param-keys.js';
import type { Stub, StubSpec } from '../generated/wire.js';
import type { View, World } from '../store/world.js';
import { textBytes } from './memory.js';
import { compileTemplate, expressions, TEMPLATE_LIMITS, withinBudget } from './templates.js';
import { readForm } from './read-form.js';
import { closest } from '../lib/closest.js';
import { messages } from '../errors.js';
import { simulatedCalls } from '../schemas.js';
import type { Difference } from './stub-log.js';

/** Keys billsim writes in every envelope: a stub's answer may not set them. */
export const ENVELOPE_KEYS = ['success', 'call', 'server_time'];
/** The largest answer a stub keeps, as JSON characters. */
export const MAX_STUB_ANSWER = 1024 * 1024;
/** Levels of objects and lists an answer may nest. */
export const MAX_ANSWER_DEPTH = 32;
/** A page of GET /__billsim/stubs ends once its stubs take this many bytes (it always holds one). */
export const STUBS_PAGE_BYTES = 4 * 1024 * 1024;

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

/** Whether `value` nests more than `limit` levels of objects and lists (without recursion). */
function nestsDeeper(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The answer's templates compiled into one render, naming every problem (with where it is) instead. */
function build(value: unknown, at: string, problems: string[]): Render {
  if (typeof value === 'string') {
    if (!value.includes('{{')) return () => value;
    const fill = compileTemplate(value);
    if (typeof fill === 'string') problems.push(`${at} ${fill}`);
    return typeof fill === 'string' ? () => value : fill;
  }
  if (Array.isArray(value)) {
    const items = value.map((item, i) => build(item, `${at}[${i}]`, problems));
    return (scope) => items.map((item) => item(scope));
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, item]): [string, Render] => [key, build(item, `${at}.${key}`, problems)]);
    return (scope) => Object.fromEntries(entries.map(([key, item]) => [key, item(scope)]));
  }
  return () => value;
}

/**
 * An answer compiled, or every problem of it: too deep, templates with more
 * expressions in all than a stub may hold, a template that does not compile,
 * nests too deep, uses a partial or a helper billsim does not have.
 */
export function compileAnswer(answer: Record<string, unknown>): { render: Render } | { problems: string[] } {
  if (nestsDeeper(answer, MAX_ANSWER_DEPTH))
    return { problems: [`answer nests more than ${MAX_ANSWER_DEPTH} levels of objects and lists`] };
  let count = 0;
  for (const [, text] of strings(answer, 'answer')) count += expressions(text);
  if (count > TEMPLATE_LIMITS.expressions) {
    return { problems: [`answer's templates hold ${count} expressions ({{...}}); a stub's hold at most ${TEMPLATE_LIMITS.expressions}`] };
  }
  const problems: string[] = [];
  const render = build(answer, 'answer', problems);
  return problems.length > 0 ? { problems } : { render };
}

/** What is wrong with an answer's templates (see compileAnswer). */
export function templateProblems(answer: Record<string, unknown>): string[] {
  const compiled = compileAnswer(answer);
  return 'problems' in compiled ? compiled.problems : [];
}

const EMPTY = Object.freeze({});
// Answers are immutable (records are frozen): a compiled answer is kept as long as its object lives.
const compiled = new WeakMap<object, Render>();

/** Keeps the compiled form of an answer just checked, for the record that stores that answer object. */
export function keepCompiled(answer: object, render: Render): void {
  compiled.set(answer, render);
}

function renderOf(answer: Record<string, unknown>): Render {
  let render = compiled.get(answer);
  if (!render) {
    const result = compileAnswer(answer);
    if ('problems' in result) throw new Error(result.problems.join('; '));
    render = result.render;
    compiled.set(answer, render);
  }
  return render;
}

/**
 * The stub's answer with its templates filled in, within the templates'
 * budget (a TemplateBudgetError beyond it). In scope: the request's `params`,
 * `call`, `server_time` and `now`, and `stub` (its `id`, and `hits`: which of
 * its requests this is, from 1, for an id of the answer's own).
 */
export function stubAnswer(stub: Stub, scope: { params: object; call: string; now: Date; hits?: number }): Record<string, unknown> {
  const render = renderOf(stub.answer ?? EMPTY);
  const { params, call, now, hits = 1 } = scope;
  const filled = { params, call, server_time: unixTime(now), now: formatDateTime(now), stub: { id: stub.id, hits } };
  return withinBudget(() => render(filled)) as Record<string, unknown>;
}

/** Why each key of `params` could never be met by a request. */
export function paramsProblems(params: Record<string, unknown> = {}): string[] {
  return Object.keys(params).flatMap((key) => {
    const why = unreachableKey(key);
    return why ? [`params key ${JSON.stringify(key)} cannot be matched: ${why}`] : [];
  });
}

/** The request's value at a key, bracket keys followed as the API reads them ("a[b][0]" is params.a.b[0]). */
function valueAt(params: Record<string, unknown>, key: string): unknown {
  let value: unknown = params;
  for (const step of keySteps(key) ?? []) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, step)) return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/** A request's value as the text a stub's params name it by: numbers as written, JSON booleans as the flags "1" and "0". */
export function paramText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return undefined;
}

/** Whether the request (read as its call reads it) carries the value a stub's params want at `key`. */
export const carries = (read: Record<string, unknown>, key: string, wanted: unknown): boolean =>
  paramText(valueAt(read, key)) === paramText(wanted);

/**
 * The stub that answers this request of `call`: of those whose params it
 * carries, as the call reads them (src/session/read-form.ts: defaults filled
 * in, values coerced), the one with the most params, then the newest. When
 * none does, `near` is the stub that missed by the fewest params (then the
 * one with the most, then the newest) and the first param that differed.
 */
export function matchStub(
  world: View,
  call: string,
  params: Record<string, unknown>,
): { stub: Stub } | { near?: { stub: Stub; differs: Difference } } {
  let best: Stub | undefined;
  let bestSize = -1;
  let near: { stub: Stub; differs: Difference; misses: number } | undefined;
  const read = readForm(call, params);
  const newer = (a: Stub, b: Stub) => Number(a.id) > Number(b.id);
  for (const stub of world.where('stubs', 'call', call)) {
    const wanted = Object.entries(stub.params ?? {});
    const missed = wanted.filter(([key, value]) => !carries(read, key, value));
    if (missed.length > 0) {
      const [param, value] = missed[0];
      const closer =
        !near ||
        missed.length < near.misses ||
        (missed.length === near.misses &&
          (wanted.length > Object.keys(near.stub.params ?? {}).length ||
            (wanted.length === Object.keys(near.stub.params ?? {}).length && newer(stub, near.stub))));
      if (closer) near = { stub, misses: missed.length, differs: { param, wanted: value, got: paramText(valueAt(read, param)) ?? null } };
      continue;
    }
    if (wanted.length > bestSize || (wanted.length === bestSize && newer(stub, best!))) {
      best = stub;
      bestSize = wanted.length;
    }
  }
  if (best) return { stub: best };
  return near ? { near: { stub: near.stub, differs: near.differs } } : {};
}

/** The stub that answers this request of `call` (matchStub), if one does. */
export function stubFor(world: View, call: string, params: Record<string, unknown>): Stub | undefined {
  const found = matchStub(world, call, params);
  return 'stub' in found ? found.stub : undefined;
}

/** Whether any stub names `call`: most requests have none, and skip the rest. */
export const stubbed = (world: View, call: string): boolean => world.where('stubs', 'call', call).length > 0;

/**
 * What is wrong with a stub beyond its schema, for every way one comes in
 * (control routes, in-process, a fixtures folder's stubs.json), and its
 * answer compiled when nothing is.
 */
export function stubProblems(stub: StubSpec): { problems: string[]; render?: Render } {
  const problems = paramsProblems(stub.params);
  if (!stub.answer) return { problems };
  // Deeper nesting than this would exhaust the stack of what follows.
  if (nestsDeeper(stub.answer, MAX_ANSWER_DEPTH)) return { problems: [...problems, ...templateProblems(stub.answer)] };
  const size = JSON.stringify(stub.answer).length;
  if (size > MAX_STUB_ANSWER) return { problems: [...problems, `answer is ${size} characters as JSON; at most ${MAX_STUB_ANSWER} (1 MB)`] };
  const compiledAnswer = compileAnswer(stub.answer);
  if ('problems' in compiledAnswer) return { problems: [...problems, ...compiledAnswer.problems] };
  return { problems, render: compiledAnswer.render };
}

/** A problem of a stored stub: its record's place in the file, the value it is about (steps from the record) and the message. */
export interface StubFinding {
  index: number;
  steps: (string | number)[];
  message: string;
}

/** The steps of the value a problem names first (`answer.items[0].name` is answer, items, 0, name). */
function stepsOf(problem: string): (string | number)[] {
  const path = /^answer(?:\.[^\s.[\]]+|\[\d+\])*/.exec(problem)?.[0];
  if (!path) return [];
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]));
}

/** What is wrong with stored stubs (a fixtures folder's stubs.json) that their schema cannot say, by record, each with where. */
export function storedStubFindings(stubs: readonly Stub[]): StubFinding[] {
  return stubs.flatMap((stub, index) => {
    const taken = ENVELOPE_KEYS.filter((key) => stub.answer && Object.hasOwn(stub.answer, key));
    const problems = [
      ...(taken.length > 0 ? [`answer sets ${taken.join(', ')}, which billsim writes`] : []),
      ...(stub.answer && stub.error ? ['it has both answer and error'] : []),
      ...['hits', 'warnings']
        .filter((key) => Object.hasOwn(stub, key))
        .map((key) => `${key} is billsim's to say in its answers, not stored: leave it out`),
      ...stubProblems(stub).problems,
    ];
    return problems.map((problem) => ({
      index,
      steps: stepsOf(problem),
      message: `stubs record ${index + 1} (id ${stub.id}): ${problem}`,
    }));
  });
}

/** What is wrong with stored stubs (storedStubFindings), as messages. */
export function storedStubProblems(stubs: readonly Stub[]): string[] {
  return storedStubFindings(stubs).map((finding) => finding.message);
}

// Bytes are counted once per answer object (a count's new record keeps it) and once per record.
const answerBytes = new WeakMap<object, number>();
const recordBytes = new WeakMap<object, number>();

/** The bytes a stub takes as JSON text (its answer most of them), as the memory budget counts it. */
export function stubBytes(stub: StubSpec | Stub): number {
  let bytes = recordBytes.get(stub);
  if (bytes !== undefined) return bytes;
  const { answer, ...rest } = stub;
  let answered = answer ? answerBytes.get(answer) : 0;
  if (answered === undefined) {
    answered = textBytes(JSON.stringify(answer));
    answerBytes.set(answer!, answered);
  }
  bytes = answered + textBytes(JSON.stringify(rest));
  recordBytes.set(stub, bytes);
  return bytes;
}

/** By id, as numbers: stubs stored at run time are in that order already, those of fixtures need not be. */
const byId = (a: Stub, b: Stub) => Number(a.id) - Number(b.id);

/**
 * A page of stubs in id order (oldest first): those after the id `after`, at
 * most `limit` of them, ending early once they take STUBS_PAGE_BYTES; `next`
 * (the id to ask after) when more follow.
 */
export function stubsPage(all: readonly Stub[], after: number, limit: number): { stubs: Stub[]; next?: number } {
  const stubs: Stub[] = [];
  let bytes = 0;
  for (const stub of [...all].sort(byId)) {
    if (Number(stub.id) <= after) continue;
    const size = stubBytes(stub);
    if (stubs.length === limit || (stubs.length > 0 && bytes + size > STUBS_PAGE_BYTES)) {
      return { stubs, next: Number(stubs[stubs.length - 1].id) };
    }
    stubs.push(stub);
    bytes += size;
  }
  return { stubs };
}

/** What looks wrong in a stub but is allowed: a call name billsim does not simulate that is close to one it does. */
export function stubWarnings(stub: Stub): string[] {
  simulated ??= new Set(simulatedCalls());
  if (simulated.has(stub.call)) return [];
  const near = closest(stub.call, simulated);
  return near ? [messages.stubCallNear(stub.call, near, stub.id)] : [];
}

let simulated: Set<string> | undefined;

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
