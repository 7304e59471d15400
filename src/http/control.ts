// The /__billsim control routes: one table, each route a thin HTTP translation
// of the session-control service (src/session/control.ts). Each entry names its
// method and URL, its schema (schemas/control/<schema>.json: the inputs and
// every answer) and the service call it makes; registration, the listing of
// unknown routes and the OpenAPI document (control-openapi.ts) all read it.
// The service checks the inputs, so the in-process handle refuses alike; its
// errors become 4xx/503 statuses with { error }, and nothing here may answer
// 500: bodies that are not JSON, unknown routes and wrong methods all get a
// JSON answer saying what to send.
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Control, SessionControl } from '../session/control.js';
import { ChangedFixtureError } from '../store/fixtures.js';
import { ControlError, type ControlErrorKind } from '../session/control-error.js';
import { controlRef, schemaAt } from '../schemas.js';
import { secretEquals } from './auth.js';
import { registerPreflightProof } from './cross-site.js';
import { SESSION_HEADER } from './endpoint.js';
import { dashboardRoutes } from './dashboard/routes.js';
import type { Route } from './route.js';

export const CONTROL_PREFIX = '/__billsim';
export const SEND_JSON = 'Send a JSON object body with Content-Type: application/json';

export interface ControlDeps {
  control: Control;
  version: string;
  controlToken?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A control route answered without the control token. */
    open?: boolean;
  }
}

/** The HTTP status of each kind of session-control error. */
export const CONTROL_STATUS: Record<ControlErrorKind, number> = {
  'bad-input': 400,
  'not-found': 404,
  gone: 410,
  'over-cap': 409,
  'not-saved': 503,
};

/** An HTTP-only refusal (wrong content type, unknown route, wrong method, missing token). */
function httpError(statusCode: number, message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode });
}

/** What a route's call is given: the services, and the request's parts as sent (the service checks them). */
export interface RouteCall {
  control: Control;
  version: string;
  /** The session header as sent. */
  sessionName: unknown;
  /** The session it names (a name that is no session name is refused here). */
  session(): SessionControl;
  params: Record<string, string>;
  query: unknown;
  body: unknown;
}

/** One control route of the table. */
export interface ControlRoute {
  method: Route['method'];
  url: string;
  /** schemas/control/<schema>.json: its params, query, body and answers; its OpenAPI operation is control<Schema>. */
  schema: string;
  /** Answered without the control token (it reveals nothing). */
  open?: boolean;
  /** false: acts on no session, so the session header is not read. */
  session?: false;
  call(c: RouteCall): Promise<unknown>;
}

const cleared = async (clear: Promise<void>) => {
  await clear;
  return { cleared: true };
};

/** Once `done`, what was restored or deleted, by the name or id sent, and in which session. */
const named = async (c: RouteCall, key: 'restored' | 'deleted', name: string, done: Promise<void>) => {
  await done;
  return { [key]: name, session: c.session().name };
};

export const CONTROL_ROUTES: readonly ControlRoute[] = [
  { method: 'GET', url: '/health', schema: 'health', open: true, session: false, call: async (c) => c.control.health(c.version) },
  { method: 'POST', url: '/reset', schema: 'reset', call: async (c) => ({ reset: await c.control.reset(c.query, c.sessionName) }) },
  { method: 'GET', url: '/sessions', schema: 'sessions', session: false, call: async (c) => ({ sessions: c.control.list() }) },
  {
    method: 'DELETE',
    url: '/sessions/:name',
    schema: 'deleteSession',
    session: false,
    call: async (c) => {
      c.control.delete(c.params.name);
      return { deleted: c.params.name };
    },
  },
  { method: 'GET', url: '/snapshots', schema: 'snapshots', call: async (c) => ({ snapshots: await c.session().snapshots() }) },
  {
    method: 'POST',
    url: '/snapshots/:name',
    schema: 'saveSnapshot',
    call: async (c) => {
      const { name, savedAt } = await c.session().saveSnapshot(c.params.name);
      return { saved: name, session: c.session().name, savedAt };
    },
  },
  {
    method: 'POST',
    url: '/snapshots/:name/restore',
    schema: 'restoreSnapshot',
    call: (c) => named(c, 'restored', c.params.name, c.session().restoreSnapshot(c.params.name)),
  },
  {
    method: 'DELETE',
    url: '/snapshots/:name',
    schema: 'deleteSnapshot',
    call: (c) => named(c, 'deleted', c.params.name, c.session().deleteSnapshot(c.params.name)),
  },
  { method: 'GET', url: '/requests', schema: 'requests', call: async (c) => ({ requests: await c.session().requests(c.query) }) },
  { method: 'DELETE', url: '/requests', schema: 'clearRequests', call: (c) => cleared(c.session().clearRequests()) },
  { method: 'GET', url: '/emails', schema: 'emails', call: async (c) => ({ emails: await c.session().emails(c.query) }) },
  { method: 'DELETE', url: '/emails', schema: 'clearEmails', call: (c) => cleared(c.session().clearEmails()) },
  { method: 'GET', url: '/coverage', schema: 'coverage', call: (c) => c.session().coverage() },
  { method: 'GET', url: '/state', schema: 'collections', call: async (c) => ({ collections: await c.session().collections() }) },
  {
    method: 'GET',
    url: '/state/:collection',
    schema: 'rows',
    call: async (c) => {
      const { collection } = c.params;
      const { rows, sorter } = await c.session().rowsPage(collection as never, c.query);
      return sorter ? { [collection]: rows, sorter } : { [collection]: rows };
    },
  },
  {
    method: 'GET',
    url: '/state/:collection/:id',
    schema: 'record',
    call: async (c) => {
      const { collection, id } = c.params;
      const row = await c.session().record(collection as never, id);
      if (!row) throw new ControlError('not-found', `No record ${id.slice(0, 64)} in ${collection}`);
      return row;
    },
  },
  { method: 'POST', url: '/stubs', schema: 'addStub', call: (c) => c.session().addStub(c.body) },
  { method: 'GET', url: '/stubs', schema: 'stubs', call: (c) => c.session().stubsPage(c.query) },
  { method: 'GET', url: '/stubs/near-misses', schema: 'nearMisses', call: async (c) => ({ nearMisses: await c.session().nearMisses() }) },
  { method: 'DELETE', url: '/stubs', schema: 'clearStubs', call: (c) => cleared(c.session().clearStubs()) },
  {
    method: 'DELETE',
    url: '/stubs/:id',
    schema: 'deleteStub',
    call: (c) => named(c, 'deleted', c.params.id, c.session().removeStub(c.params.id)),
  },
  { method: 'POST', url: '/faults', schema: 'addFault', call: (c) => c.session().addFault(c.body) },
  { method: 'GET', url: '/faults', schema: 'faults', call: async (c) => ({ faults: await c.session().faults() }) },
  { method: 'DELETE', url: '/faults', schema: 'clearFaults', call: (c) => cleared(c.session().clearFaults()) },
  {
    method: 'DELETE',
    url: '/faults/:id',
    schema: 'deleteFault',
    call: (c) => named(c, 'deleted', c.params.id, c.session().removeFault(c.params.id)),
  },
  { method: 'POST', url: '/webhooks', schema: 'addWebhook', call: (c) => c.session().addWebhook(c.body) },
  { method: 'GET', url: '/webhooks', schema: 'webhooks', call: async (c) => ({ webhooks: await c.session().webhooks() }) },
  { method: 'DELETE', url: '/webhooks', schema: 'clearWebhooks', call: (c) => cleared(c.session().clearWebhooks()) },
  {
    method: 'DELETE',
    url: '/webhooks/:id',
    schema: 'deleteWebhook',
    call: (c) => named(c, 'deleted', c.params.id, c.session().removeWebhook(c.params.id)),
  },
  { method: 'GET', url: '/webhooks/events', schema: 'events', call: async (c) => ({ events: await c.session().events() }) },
  { method: 'GET', url: '/webhooks/deliveries', schema: 'deliveries', call: (c) => c.session().deliveries(c.query) },
  { method: 'POST', url: '/webhooks/deliveries/:id/redeliver', schema: 'redeliver', call: (c) => c.session().redeliver(c.params.id) },
  { method: 'GET', url: '/clock', schema: 'clock', call: (c) => c.session().clock() },
  { method: 'POST', url: '/clock', schema: 'setClock', call: (c) => c.session().setClock(c.body) },
  { method: 'POST', url: '/clock/cancel', schema: 'cancelClock', call: async (c) => c.session().cancelClock() },
  { method: 'GET', url: '/automation', schema: 'automation', call: (c) => c.session().automation(c.query) },
  { method: 'POST', url: '/automation', schema: 'setAutomation', call: (c) => c.session().setAutomation(c.body) },
];

/** The statuses a route answers, from its schema: the success first. */
export function answers(route: ControlRoute): number[] {
  return Object.keys(schemaAt(controlRef(route.schema, 'answers'))?.properties ?? {})
    .map(Number)
    .sort((a, b) => a - b);
}

/** A table route as Fastify serves it: its call given the request's parts, answered with its success status. */
function served(route: ControlRoute, { control, version }: ControlDeps): Route {
  const [success] = answers(route);
  return {
    method: route.method,
    url: route.url,
    open: route.open,
    handler: async (request, reply) => {
      const sessionName = request.headers[SESSION_HEADER];
      let session: SessionControl | undefined;
      const answer = await route.call({
        control,
        version,
        sessionName,
        session: () => (session ??= control.session(sessionName)),
        params: request.params as Record<string, string>,
        query: request.query,
        body: request.body,
      });
      return reply.status(success).send(answer);
    },
  };
}

/**
 * Control bodies are JSON objects or nothing. The API's own parsers turn
 * bodies into parameters and refuse with the API's envelope; here a body that
 * is not JSON is a 400 or 415 that says what to send. An empty body of any
 * type is no body (curl -d '' sends one as a form).
 */
function registerBodyParsers(app: FastifyInstance): void {
  // A key such as __proto__ is kept as the plain key JSON.parse makes of it, not dropped
  // unseen: the checks then refuse it by name (an unknown field, a stub key no request can carry).
  const json = app.getDefaultJsonParser('ignore', 'ignore');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const raw = String(body);
    if (raw.trim() === '') return done(null, undefined);
    json(request, raw, (error, value) => {
      if (error) done(httpError(400, `${SEND_JSON} (the body is not valid JSON: ${error.message})`));
      else done(null, value);
    });
  });
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    if (String(body) === '') done(null, undefined);
    else done(httpError(415, SEND_JSON));
  });
}

function registerGuard(app: FastifyInstance, token: string): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.config.open) return;
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !secretEquals(given, token)) {
      return reply.status(401).send({ error: 'Control routes need the header Authorization: Bearer <control token>' });
    }
  });
}

/** Unknown paths get the list of routes; known paths asked with another method get 405 and Allow. */
function registerNotFound(app: FastifyInstance, table: Route[]): void {
  const patterns = table.map((route) => ({
    route,
    path: new RegExp(`^${CONTROL_PREFIX}${route.url.replace(/:[a-z]+/g, '[^/]+')}$`),
  }));
  const listing = table.map((r) => `${r.method} ${CONTROL_PREFIX}${r.url}`).join(', ');
  app.setNotFoundHandler((request, reply) => {
    const full = request.url.split('?')[0];
    const allowed = patterns.filter((p) => p.path.test(full)).map((p) => p.route.method);
    // The path is client text: cut short in the message.
    const path = full.slice(0, 200);
    if (allowed.length > 0) {
      void reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({ error: `${request.method} is not allowed on ${path}: use ${allowed.join(' or ')}` });
      return;
    }
    void reply.status(404).send({ error: `No control route ${request.method} ${path}; the control routes are: ${listing}` });
  });
}

export function registerControl(app: FastifyInstance, deps: ControlDeps): void {
  void app.register(
    async (control) => {
      control.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        let status = 500;
        if (error instanceof ControlError) status = CONTROL_STATUS[error.kind];
        // The world on disk is no longer the one found clean: what it holds is read after a restart.
        else if (error instanceof ChangedFixtureError) status = 409;
        else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) status = error.statusCode;
        if (status === 500) request.log.error({ err: error }, 'control route failed');
        void reply.status(status).send({ error: status === 500 ? 'Internal simulator error' : error.message });
      });
      registerBodyParsers(control);
      if (deps.controlToken) registerGuard(control, deps.controlToken);
      registerPreflightProof(control);
      const table = [...CONTROL_ROUTES.map((route) => served(route, deps)), ...dashboardRoutes(deps.control.calls)];
      for (const { method, url, handler, open } of table) {
        control.route({ method: method as HTTPMethods, url, handler, config: { open: open === true } });
      }
      registerNotFound(control, table);
    },
    { prefix: CONTROL_PREFIX },
  );
}
