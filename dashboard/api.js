// @ts-check
// Every request the page makes goes through here: the documented control
// routes under /__billsim, for the session picked in the header, with the
// control token when the server wants one. The token and the session are kept
// in sessionStorage: this tab only, gone when it closes. Answers are typed by
// the control routes' schemas (src/generated/wire.ts, from schemas/control/).

export const PREFIX = '/__billsim';
const TOKEN_KEY = 'billsim.token';
const SESSION_KEY = 'billsim.session';

/** A refusal the server explained: status and its { error } message. */
export class ControlFailure extends Error {
  /**
   * @param {number} status
   * @param {string} message
   */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** The server did not answer at all (stopped, restarted, network gone). */
export class ServerGone extends Error {}

/** @type {{ connection: ((up: boolean) => void)[], token: (() => void)[] }} */
const listeners = { connection: [], token: [] };
let connected = true;

/**
 * `connection(up)` when the server stops or starts answering; `token()` when a control token is needed.
 * @template {keyof typeof listeners} E
 * @param {E} event
 * @param {(typeof listeners)[E][number]} listener
 */
export function on(event, listener) {
  /** @type {(typeof listeners)[E][number][]} */ (listeners[event]).push(listener);
}

/** @param {boolean} up */
function connection(up) {
  if (up === connected) return;
  connected = up;
  for (const listener of listeners.connection) listener(up);
}

export function session() {
  return sessionStorage.getItem(SESSION_KEY) || 'default';
}

/** @param {string} name */
export function setSession(name) {
  sessionStorage.setItem(SESSION_KEY, name);
}

/** @param {string} token */
export function setToken(token) {
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
}

/**
 * Calls a control route and returns its JSON answer. `path` is below /__billsim;
 * `body` is sent as JSON. Throws ControlFailure with the server's message, or
 * ServerGone when nothing answered. The answer is what the route's schema says
 * (schemas/control/): callers give it its type, such as
 * `FaultsRoute['answers']['200']` from src/generated/wire.ts.
 * @param {'GET' | 'POST' | 'DELETE'} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {{ session?: string }} [options]
 * @returns {Promise<unknown>}
 */
export async function control(method, path, body, options = {}) {
  /** @type {Record<string, string>} */
  const headers = { 'x-billsim-session': options.session ?? session() };
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response;
  try {
    response = await fetch(`${PREFIX}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    connection(false);
    throw new ServerGone('billsim is not answering');
  }
  connection(true);
  let answer;
  try {
    answer = await response.json();
  } catch {
    answer = undefined;
  }
  if (response.status === 401) for (const listener of listeners.token) listener();
  if (!response.ok) {
    throw new ControlFailure(response.status, answer?.error ?? `${method} ${PREFIX}${path} answered HTTP ${response.status}`);
  }
  return answer;
}

/**
 * A form's fields and the limits their control route keeps (minimum, maximum, minLength, maxLength).
 * @typedef {Record<string, Record<string, number>>} Limits
 */

/**
 * The page's own facts from the server (dashboard/meta.json).
 * @typedef {object} Meta
 * @property {string[]} calls the real call list
 * @property {Record<string, string[]>} fields each collection's fields
 * @property {RegExp} secret the field names that hold secrets
 * @property {{ fault: Limits, snapshot: Limits }} limits of the fault and snapshot forms, from the routes' schemas
 */

/** @returns {Promise<Meta>} */
export async function meta() {
  const response = await fetch(`${PREFIX}/dashboard/meta.json`);
  const answer = await response.json();
  connection(true);
  const secret = new RegExp(answer.secretFields.pattern, answer.secretFields.flags);
  return { calls: answer.calls, fields: answer.fields, secret, limits: answer.limits };
}

/**
 * The query string of the given parameters, leaving out empty ones.
 * @param {Record<string, string | number | undefined>} params
 */
export function query(params) {
  const kept = Object.entries(params).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]]));
  return kept.length ? `?${new URLSearchParams(kept)}` : '';
}
