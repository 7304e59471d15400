// `billsim drift` at the customer's door: a test customer logs in at the
// installation's /api/login, and each GET route of the door is sent with its
// token (ids taken from the door's own lists), each answer compared with the
// route's answer schema. Only GET requests follow the login, so nothing of the
// customer's changes. Sending is handed in, as for the Admin calls.
import { userApiRoutes } from '../../schemas.js';
import { doorErrors, type UpstreamAnswer } from '../../lib/upstream.js';
import { compareDoorAnswer } from './compare.js';
import type { Param, Source } from './calls.js';
import { type CallReport, Installation, judgeFailure, limitedTo, RefusedError } from './run.js';

/** Sends one request of the door: a method, its path under /api with its query, a JSON body, the customer's token. */
export type DoorSend = (method: string, target: string, body?: Record<string, string>, token?: string) => Promise<UpstreamAnswer>;

const list = (path: string, rows: string, field = 'id', params?: Record<string, Param>): Source => ({
  call: `GET /api${path}`,
  rows,
  field,
  params,
});

const SERVICE = list('/service', 'services');
const KB_CATEGORY = list('/knowledgebase', 'categories');
const DOMAIN = list('/domain', 'domains');
const DOMAIN_NAME = list('/domain', 'domains', 'name');
const CATEGORY = list('/category', 'categories');

/** The path values of each GET route that has some, from the door's own lists. */
export const DOOR_PARAMS: Readonly<Record<string, Readonly<Record<string, Param>>>> = {
  'GET /api/category/{category_id}/product': { category_id: CATEGORY },
  'GET /api/contact/{id}': { id: list('/contact', 'contacts') },
  'GET /api/domain/{id}': { id: DOMAIN },
  'GET /api/domain/{id}/autorenew': { id: DOMAIN },
  'GET /api/domain/{id}/contact': { id: DOMAIN },
  'GET /api/domain/{id}/dns': { id: DOMAIN },
  'GET /api/domain/{id}/dns/types': { id: DOMAIN },
  'GET /api/domain/{id}/ns': { id: DOMAIN },
  'GET /api/domain/{id}/reglock': { id: DOMAIN },
  'GET /api/domain/name/{name}': { name: DOMAIN_NAME },
  'GET /api/invoice/{id}': { id: list('/invoice', 'invoices') },
  'GET /api/knowledgebase/{category_id}': { category_id: KB_CATEGORY },
  'GET /api/knowledgebase/article/{id}': { id: list('/knowledgebase/{category_id}', 'articles', 'id', { category_id: KB_CATEGORY }) },
  'GET /api/news/{id}': { id: list('/news', 'news') },
  'GET /api/order/{product_id}': {
    product_id: list('/category/{category_id}/product', 'products', 'id', { category_id: CATEGORY }),
  },
  'GET /api/service/{id}': { id: SERVICE },
  'GET /api/service/{id}/addon': { id: SERVICE },
  'GET /api/service/{id}/cycle': { id: SERVICE },
  'GET /api/service/{id}/label': { id: SERVICE },
  'GET /api/service/{id}/methods': { id: SERVICE },
  'GET /api/service/{id}/upgrade': { id: SERVICE },
  'GET /api/tickets/{number}': { number: list('/tickets', 'tickets', 'ticket_number') },
  'GET /api/whois/{domain}': { domain: DOMAIN_NAME },
};

/** GET routes drift does not send, and why (a GET that changes something at the installation among them). */
export const DOOR_NOT_SENT: Readonly<Record<string, string>> = {
  'GET /api/domain/{id}/epp': "it has the registrar e-mail the domain's EPP code to its registrant",
  'GET /api/domain/{id}/sync': 'it has the registrar synchronise the domain',
  'GET /api/service/order/{order_num}': 'it needs an order number, which no list of the door names',
  'GET /api/ticket/attachment/{file}': "it needs an attachment's file name, which no list of the door names",
};

/** A route's path with its placeholders filled in from `params`, the rest as its query string. */
export function targetOf(route: string, params: Record<string, string>): string {
  const rest = { ...params };
  const path = route.replace(/^GET \/api/, '').replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const value = rest[name] ?? '';
    delete rest[name];
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams(rest).toString();
  return query ? `${path}?${query}` : path;
}

/** Logs the customer in and answers the access token; RefusedError, naming why, when there is none. */
async function logIn(send: DoorSend, customer: { email: string; password: string }): Promise<string> {
  const { status, json, text } = await send('POST', '/login', { username: customer.email, password: customer.password });
  const answer = (typeof json === 'object' && json !== null ? json : {}) as { token?: unknown; mfa?: unknown };
  if (typeof answer.token === 'string' && answer.token !== '') return answer.token;
  const errors = doorErrors(json);
  if (errors.length > 0) throw new RefusedError(`the installation refused the customer's login (POST /api/login): ${errors.join('; ')}`);
  if (answer.mfa) {
    throw new RefusedError(
      "the customer's login asks for a second factor (POST /api/login answered mfa): give a test customer without two-factor authentication",
    );
  }
  throw new RefusedError(
    `POST /api/login answered HTTP ${status} without a token: ${JSON.stringify(text.trim().slice(0, 200))}; is the User API on at this address?`,
  );
}

/**
 * The door's GET routes checked against the installation, in the order of
 * their schemas, and the connection lost on the way, if it was. Throws
 * RefusedError when the login is refused, UpstreamError when it gets no answer.
 */
export async function runDoorDrift(
  send: DoorSend,
  customer: { email: string; password: string },
  concurrency: number,
): Promise<{ calls: CallReport[]; lost?: string }> {
  const token = await logIn(send, customer);
  const get = limitedTo((route, params) => send('GET', targetOf(route, params), undefined, token), concurrency);
  const installation = new Installation(get);
  const routes = userApiRoutes().filter((route) => route.method === 'GET');
  const calls = await Promise.all(routes.map((route) => checkRoute(installation, route.name, `GET /api${route.path}`)));
  return { calls, ...(installation.lost !== undefined && { lost: installation.lost }) };
}

async function checkRoute(installation: Installation, name: string, call: string): Promise<CallReport> {
  const notChecked = (reason: string, params?: Record<string, string>): CallReport => ({ call, status: 'not checked', params, reason });
  if (DOOR_NOT_SENT[call]) return notChecked(DOOR_NOT_SENT[call]);
  // A route with a path value no list gives is never sent with the value left empty.
  const unknown = [...call.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).find((name) => !DOOR_PARAMS[call]?.[name]);
  if (unknown !== undefined) return notChecked(`it needs a ${unknown}, which no list of the door drift reads names`);
  const tries = await installation.paramSets(DOOR_PARAMS[call] ?? {});
  if (typeof tries === 'string') return notChecked(tries);
  let refusal = '';
  for (const params of tries) {
    const outcome = await installation.outcome(call, params);
    if ('failure' in outcome) return judgeFailure(call, params, outcome.failure);
    const { status, json } = outcome.answer;
    const errors = doorErrors(json);
    if (status === 200 && errors.length === 0) {
      const differences = compareDoorAnswer(name, json);
      return { call, status: differences.length > 0 ? 'drifted' : 'ok', params, differences };
    }
    const said = errors.length > 0 ? `: ${errors.join('; ')}` : '';
    refusal = status === 404 ? `the installation answered HTTP 404${said}` : `the installation refused it (HTTP ${status})${said}`;
  }
  return notChecked(tries.length > 1 ? `${refusal} (and for the ${tries.length - 1} other ids tried)` : refusal, tries.at(-1));
}
