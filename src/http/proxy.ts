// The proxy (--proxy): a call no stub answers is forwarded to the user's own
// installation with the installation's credentials, and its answer handed
// back as it came. Clients keep billsim's credentials: billsim checks them
// first, so a client never holds (or needs) the installation's key.
import { messages } from '../errors.js';
import type { ProxyHealth } from '../generated/wire.js';
import { CALL_NAME_RULE, looksLikeCall } from '../lib/call-names.js';
import { maskSecretInJson, maskSecretInValue } from '../lib/secrets.js';
import {
  callDoor,
  callUpstream,
  DEFAULT_MAX_ANSWER_BYTES,
  type DoorRequest,
  doorErrors,
  envelopeErrors,
  UpstreamError,
  withoutKey,
  type Upstream,
  type UpstreamAnswer,
} from '../lib/upstream.js';
import type { AnyOperation } from '../operations/operation.js';
import { errorEnvelope } from './envelope.js';
import type { Recorder } from './recording.js';

export interface ProxyOptions {
  upstream: Upstream;
  /** every: every call no stub answers (--proxy); unknown: only calls billsim neither simulates nor stubs (--proxy-unknown). */
  forward: 'every' | 'unknown';
  /** Forward calls that change data (--proxy-writes); without it they are refused and nothing is sent. */
  writes: boolean;
  /** Save every forwarded JSON answer as a stub in this folder's stubs.json (--record). */
  record?: string;
}

// Verbs that only read, at the start of a name (getClients, verifyClientLogin) or
// after one of the API's section words (domainCheck, meteredGetUsage), and a
// single sign-on link (accountModuleSSO), which hands out a link and changes nothing.
const READ_VERB = /^(?:get|list|search|verify|check)[A-Z]/;
const SECTION_READ =
  /^(?:account|affiliate|client|domain|estimate|invoice|metered|order|product|service|ticket)(?:Get|List|Search|Verify|Check)(?:[A-Z]|$)/;
const SIGN_ON = /[a-z]SSO$/;

/** Whether a call's name reads as one that changes nothing; any other name is taken as a write. */
export function readsByName(call: string): boolean {
  return READ_VERB.test(call) || SECTION_READ.test(call) || SIGN_ON.test(call);
}

/**
 * Whether a call changes data on the installation: as billsim's own operation
 * says, and by its name for a call billsim does not simulate. `module` is
 * simulated only as a refusal (what it reaches, an installation's modules, is
 * not), so its name decides: it may run any module function, and is a write.
 */
export function isWrite(call: string, operation: AnyOperation | undefined): boolean {
  if (operation && !operation.answer?.alwaysRefused) return operation.mutates;
  return !readsByName(call);
}

/**
 * The customer's door's routes that only hand out tokens (a login, a refresh,
 * a second factor): they change no record of the installation, as
 * verifyClientLogin changes none, and a client cannot read anything through
 * the proxy without them.
 */
const SIGN_IN = new Set(['POST /login', 'POST /token', 'POST /mfa/verify']);

/** Whether a request of the customer's door changes data on the installation: any method but GET, bar the sign-in routes. */
export function isDoorWrite(method: string, path: string): boolean {
  return method !== 'GET' && !SIGN_IN.has(`${method} ${path.replace(/\/+$/, '')}`);
}

/** What the proxy answers at the customer's door: the installation's answer (proxied), or billsim's refusal `{"error": [...]}`. */
export interface DoorProxyAnswer {
  status: number;
  json: string;
  /** The answer's `error` list (an installation's refusal), or billsim's own message. */
  errors: string[];
  /** The answer as parsed, when the installation gave one. */
  body?: unknown;
  proxied?: true;
}

/** What the proxy answers: the installation's answer (proxied), or billsim's error envelope. */
export interface ProxyAnswer {
  status: number;
  json: string;
  success: boolean;
  errors: string[];
  proxied?: true;
}

/** HTTP status of the error envelope when the installation gave no answer: a gateway's, as any proxy would. */
export const NO_ANSWER_STATUS = 502;
export const TIMEOUT_STATUS = 504;

export class Forwarder {
  constructor(
    readonly options: ProxyOptions,
    private readonly recorder?: Recorder,
  ) {}

  /** Whether a call no stub answered goes to the installation rather than to the simulation. */
  forwards(operation: AnyOperation | undefined): boolean {
    if (this.options.forward === 'every') return true;
    return !operation || operation.answer?.alwaysRefused === true;
  }

  /** Whether a door request no stub answered goes to the installation: as forwards() says, `simulated` when a route of billsim takes it. */
  forwardsDoor(simulated: boolean): boolean {
    return this.options.forward === 'every' || !simulated;
  }

  /**
   * Forwards one request of the customer's door as the client sent it (its own
   * Authorization: a door token is the installation's, billsim holds none);
   * `path` is under /api, `input` what the door read of it (for the recording).
   */
  async forwardDoor(request: DoorRequest & { path: string }, input: Record<string, unknown>): Promise<DoorProxyAnswer> {
    const { upstream } = this.options;
    const { origin } = upstream.url;
    const name = `${request.method} /api${request.path}`;
    const write = isDoorWrite(request.method, request.path);
    if (write && !this.options.writes) return doorRefused(200, messages.proxyWriteRefused(name, origin));
    let answer: UpstreamAnswer;
    try {
      answer = await callDoor(upstream, request, { retry: !write });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      return doorRefused(...this.failure(error, name));
    }
    const clean = maskSecretInJson(answer.text, upstream.apiKey);
    const body = clean === answer.text ? answer.json : JSON.parse(clean);
    await this.recorder?.recordDoor(
      request.method,
      request.path,
      maskSecretInValue(input, upstream.apiKey) as Record<string, unknown>,
      body,
      answer.status,
    );
    return { status: answer.status, json: clean, errors: doorErrors(body), body, proxied: true };
  }

  /** The status and message for an installation that gave no usable answer to `name`. */
  private failure(error: UpstreamError, name: string): [number, string] {
    const { upstream } = this.options;
    const { origin } = upstream.url;
    if (error.kind === 'too-large') {
      return [NO_ANSWER_STATUS, messages.proxyAnswerTooLarge(origin, name, upstream.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES)];
    }
    return [
      error.kind === 'timeout' ? TIMEOUT_STATUS : NO_ANSWER_STATUS,
      messages.proxyFailed(origin, withoutKey(error.message, upstream)),
    ];
  }

  /** Forwards one call with its own parameters (no credentials); `now` dates billsim's own refusals. */
  async forward(call: string, operation: AnyOperation | undefined, params: Record<string, unknown>, now: Date): Promise<ProxyAnswer> {
    const { upstream } = this.options;
    const { origin } = upstream.url;
    // A name with spaces, NUL or "/../" is no call: the installation's router is not to be tried with it.
    if (!looksLikeCall(call)) return refused(200, call, now, messages.proxyCallName(call, CALL_NAME_RULE));
    const write = isWrite(call, operation);
    if (write && !this.options.writes) return refused(200, call, now, messages.proxyWriteRefused(call, origin));
    let status: number;
    let text: string;
    let json: unknown;
    try {
      // A write is sent once: a retry could carry it out twice.
      ({ status, text, json } = await callUpstream(upstream, call, params, { retry: !write }));
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      const [status, message] = this.failure(error, call);
      return refused(status, call, now, message);
    }
    // The installation's own key never reaches a client, the journal, a log line or a recording, even if an
    // answer echoes it, however escaped: every string of the answer is read, and one holding it written anew.
    const clean = maskSecretInJson(text, upstream.apiKey);
    if (clean !== text) json = JSON.parse(clean);
    await this.recorder?.record(call, maskSecretInValue(params, upstream.apiKey) as Record<string, unknown>, json, status);
    const success = typeof json === 'object' && json !== null && (json as { success?: unknown }).success === true;
    return { status, json: clean, success, errors: envelopeErrors(json) ?? [], proxied: true };
  }

  health(): ProxyHealth {
    return {
      origin: this.options.upstream.url.origin,
      forwards: this.options.forward === 'every' ? 'every call' : 'unknown calls',
      writes: this.options.writes,
      recording: this.recorder !== undefined,
    };
  }

  /** Waits for the recording's last write. */
  async close(): Promise<void> {
    await this.recorder?.close();
  }
}

function refused(status: number, call: string, now: Date, message: string): ProxyAnswer {
  return { status, json: JSON.stringify(errorEnvelope(call, now, [message])), success: false, errors: [message] };
}

function doorRefused(status: number, message: string): DoorProxyAnswer {
  return { status, json: JSON.stringify({ error: [message] }), errors: [message] };
}
