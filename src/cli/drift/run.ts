// One drift run: which read calls go out, with ids found in the installation's
// own list answers, and each answer compared with billsim's schema. Sending is
// handed in (the upstream client in the CLI, billsim itself in tests), so the
// run knows nothing of HTTP. Only read calls are ever sent.
import pLimit from 'p-limit';
import { operations } from '../../operations/index.js';
import { envelopeErrors, isEnvelope, refusesCredentials, UpstreamError, type UpstreamAnswer } from '../../lib/upstream.js';
import { NOT_SENT, PARAMS, REFUSED_BY_BILLSIM, type Param, type Source } from './calls.js';
import { compareAnswer, type Difference } from './compare.js';

export type Send = (call: string, params: Record<string, string>) => Promise<UpstreamAnswer>;

export interface CallReport {
  call: string;
  status: 'ok' | 'drifted' | 'not checked';
  /** The parameters sent (ids from the installation's own lists). */
  params?: Record<string, string>;
  differences?: Difference[];
  /** Why a call was not checked. */
  reason?: string;
}

export interface DriftReport {
  calls: CallReport[];
  summary: { checked: number; drifted: number; notChecked: number };
  /** The installation stopped answering during the run (unreachable, time-out): the report is partial. */
  connectionError?: string;
}

/** The installation refused the credentials, or every call sent; `message` is its own. */
export class RefusedError extends Error {}

/** The first answer was not the API's envelope: the address is not an installation's. */
export class NotTheApiError extends Error {}

/** Every read call billsim simulates, by name. */
export function readCalls(): string[] {
  return Object.keys(operations)
    .filter((call) => !operations[call].mutates)
    .sort((a, b) => a.localeCompare(b));
}

/** `send` with at most `n` calls in flight, the rest queued in order: it is someone's production system. */
export function limitedTo(send: Send, n: number): Send {
  const limit = pLimit(n);
  return (call, params) => limit(() => send(call, params));
}

/** How a "not checked" reason starts when the installation refused the call (the key may not use it, most often). */
const REFUSED_PREFIX = 'the installation refused it: ';

export type Outcome = { answer: UpstreamAnswer } | { failure: UpstreamError };

/**
 * How many rows of a list are tried, in the order listed, when a value is
 * looked up in lists beneath them (a client with contacts) or a call refuses
 * the first (an account without metered billing for meteredGetUsage).
 */
const CANDIDATES = 10;

/** An installation as drift asks it: each request sent once, ids looked up in its own lists. */
export class Installation {
  private readonly answers = new Map<string, Promise<Outcome>>();
  private readonly values = new Map<Source, Promise<string[] | string>>();
  /** The first time the installation could not be reached: the run is then partial. */
  lost: string | undefined;

  constructor(private readonly send: Send) {}

  /** One call's outcome, sent once per call and parameters however many calls need it. */
  outcome(call: string, params: Record<string, string>): Promise<Outcome> {
    const key = `${call} ${JSON.stringify(params)}`;
    let found = this.answers.get(key);
    if (!found) {
      found = this.send(call, params).then(
        (answer) => ({ answer }),
        (error: unknown) => {
          if (!(error instanceof UpstreamError)) throw error;
          // One slow call is that call's "no answer"; an installation out of reach makes the whole report partial.
          if (error.kind === 'unreachable') this.lost ??= error.message;
          return { failure: error };
        },
      );
      this.answers.set(key, found);
    }
    return found;
  }

  /** Up to CANDIDATES values a Source finds, or why it finds none. */
  lookup(source: Source): Promise<string[] | string> {
    let found = this.values.get(source);
    if (!found) {
      found = this.find(source);
      this.values.set(source, found);
    }
    return found;
  }

  private async find(source: Source): Promise<string[] | string> {
    const tries = await this.paramSets(source.params ?? {}, false);
    if (typeof tries === 'string') return tries;
    const among = tries.length > 1 ? ` for any of the ${tries.length} ids tried` : '';
    let why = `${source.call} lists no ${source.rows}${among}`;
    for (const params of tries) {
      const outcome = await this.outcome(source.call, params);
      if ('failure' in outcome) return `${source.call} failed: ${outcome.failure.message}`;
      const errors = envelopeErrors(outcome.answer.json);
      if (errors) {
        why = `${source.call} was refused: ${errors.join('; ')}`;
        continue;
      }
      const values = rowsAt(outcome.answer.json, source.rows)
        .map((row) => (row as Record<string, unknown>)?.[source.field])
        .filter((value) => typeof value === 'string' || typeof value === 'number')
        .map(String);
      if (values.length > 0) return values.slice(0, CANDIDATES);
    }
    return why;
  }

  /**
   * The parameter sets to try, in order: one per value found by the Source
   * among them (no call takes two), or why it finds none (`naming` the
   * parameter, for the call's own parameters).
   */
  async paramSets(params: Readonly<Record<string, Param>>, naming = true): Promise<Record<string, string>[] | string> {
    const fixed: Record<string, string> = {};
    let varying: [string, string[]] | undefined;
    for (const [name, param] of Object.entries(params)) {
      if (typeof param === 'string') fixed[name] = param;
      else {
        const values = await this.lookup(param);
        if (typeof values === 'string') return naming ? `no ${name}: ${values}` : values;
        varying = [name, values];
      }
    }
    if (!varying) return [fixed];
    const [name, values] = varying;
    return values.map((value) => ({ ...fixed, [name]: value }));
  }
}

function rowsAt(json: unknown, path: string): unknown[] {
  let at: unknown = json;
  for (const part of path.split('.')) at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part] : undefined;
  if (Array.isArray(at)) return at;
  return typeof at === 'object' && at !== null ? Object.values(at) : [];
}

/**
 * Runs drift over `calls` (every read call when absent). The first call,
 * getAPIMethods, says which calls the key may use; its answer must be the
 * API's whole envelope (NotTheApiError, with `describe`'s words, when not).
 * Throws RefusedError when the installation refuses the credentials, or
 * every call sent; a key that may not use getAPIMethods, or some other call,
 * only makes those calls "not checked". UpstreamError when it gives no answer.
 */
export async function runDrift(
  send: Send,
  options: { calls?: string[]; concurrency: number; describe?: (call: string, answer: UpstreamAnswer) => string },
): Promise<DriftReport> {
  const installation = new Installation(limitedTo(send, options.concurrency));
  const first = await installation.outcome('getAPIMethods', {});
  if ('failure' in first) throw first.failure;
  if (!isEnvelope(first.answer.json, true)) {
    throw new NotTheApiError(options.describe?.('getAPIMethods', first.answer) ?? "the first answer is not the API's envelope");
  }
  const refused = envelopeErrors(first.answer.json);
  if (refused && refusesCredentials(refused)) throw new RefusedError(`the installation refused the credentials: ${refused.join('; ')}`);
  const methods = (first.answer.json as { methods?: unknown }).methods;
  const allowed = Array.isArray(methods) ? new Set(methods.map(String)) : undefined;
  const calls = await Promise.all((options.calls ?? readCalls()).map((call) => checkCall(installation, call, allowed)));
  if (refused && calls.every((c) => c.status === 'not checked') && calls.some((c) => c.reason?.startsWith(REFUSED_PREFIX))) {
    throw new RefusedError(`the installation refused every call (getAPIMethods: ${refused.join('; ')}): are these the right credentials?`);
  }
  return reportOf(calls, installation.lost);
}

/** A report of `calls` with its summary, and the connection lost on the way, if it was. */
export function reportOf(calls: CallReport[], connectionError: string | undefined): DriftReport {
  const count = (status: CallReport['status']) => calls.filter((c) => c.status === status).length;
  const summary = { checked: count('ok') + count('drifted'), drifted: count('drifted'), notChecked: count('not checked') };
  return connectionError ? { calls, summary, connectionError } : { calls, summary };
}

async function checkCall(installation: Installation, call: string, allowed: Set<string> | undefined): Promise<CallReport> {
  const notChecked = (reason: string, params?: Record<string, string>): CallReport => ({ call, status: 'not checked', params, reason });
  if (NOT_SENT[call]) return notChecked(NOT_SENT[call]);
  if (operations[call].answer?.alwaysRefused) return notChecked(REFUSED_BY_BILLSIM);
  if (allowed && !allowed.has(call)) return notChecked('the API key may not use it (getAPIMethods does not list it)');
  const tries = await installation.paramSets(PARAMS[call] ?? {});
  if (typeof tries === 'string') return notChecked(tries);
  let refusal = '';
  for (const params of tries) {
    const outcome = await installation.outcome(call, params);
    const errors = 'answer' in outcome ? envelopeErrors(outcome.answer.json) : undefined;
    if (errors) refusal = `${REFUSED_PREFIX}${errors.join('; ')}`;
    else return judge(call, params, outcome);
  }
  return notChecked(tries.length > 1 ? `${refusal} (and for the ${tries.length - 1} other ids tried)` : refusal, tries.at(-1));
}

function judge(call: string, params: Record<string, string>, outcome: Outcome): CallReport {
  if ('failure' in outcome) return judgeFailure(call, params, outcome.failure);
  const differences = compareAnswer(call, outcome.answer.json, operations[call].answer);
  return { call, status: differences.length > 0 ? 'drifted' : 'ok', params, differences };
}

/** A request that got no JSON: not checked when it got no answer, drift (`answer`) when it got a page or other text. */
export function judgeFailure(call: string, params: Record<string, string>, failure: UpstreamError): CallReport {
  if (failure.kind === 'unreachable' || failure.kind === 'timeout') {
    return { call, status: 'not checked', params, reason: `no answer: ${failure.message}` };
  }
  const status = /HTTP \d+/.exec(failure.message)?.[0];
  const found = `${failure.kind === 'html' ? 'an HTML page' : 'text that is not JSON'}${status ? ` (${status})` : ''}`;
  const difference: Difference = { path: '', kind: 'answer', expected: "the API's JSON", found, count: 1 };
  return { call, status: 'drifted', params, differences: [difference] };
}
