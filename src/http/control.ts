// The /__billsim control routes: a thin HTTP translation of the session-control
// service (src/session/control.ts). Its errors become 4xx/503 statuses with
// { error }, and nothing here may answer 500: bodies that are not JSON, unknown
// routes and wrong methods all get a JSON answer saying what to send.
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Control } from '../session/control.js';
import { ControlError, type ControlErrorKind } from '../session/control-error.js';
import type { CollectionName } from '../store/world.js';
import { secretEquals } from './auth.js';
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
export const CONTROL_STATUS: Record<ControlErrorKind, number> = { 'bad-input': 400, 'not-found': 404, 'over-cap': 409, 'not-saved': 503 };

/** An HTTP-only refusal (wrong content type, unknown route, wrong method, missing token). */
function httpError(statusCode: number, message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode });
}

type Params = Record<string, string>;

function routes({ control, version }: ControlDeps): Route[] {
  const of = (request: FastifyRequest) => control.session(request.headers[SESSION_HEADER]);
  const params = (request: FastifyRequest) => request.params as Params;
  const query = (request: FastifyRequest) => request.query as Record<string, unknown>;
  return [
    { method: 'GET', url: '/health', open: true, handler: async () => control.health(version) },
    {
      method: 'POST',
      url: '/reset',
      handler: async (request) => {
        const { all } = query(request);
        if (all === '1' || all === 'true') return { reset: await control.resetAll() };
        const session = of(request);
        await session.reset();
        return { reset: [session.name] };
      },
    },
    { method: 'GET', url: '/sessions', handler: async () => ({ sessions: control.list() }) },
    {
      method: 'DELETE',
      url: '/sessions/:name',
      handler: async (request) => {
        control.delete(params(request).name);
        return { deleted: params(request).name };
      },
    },
    { method: 'GET', url: '/snapshots', handler: async (request) => ({ snapshots: await of(request).snapshots() }) },
    {
      method: 'POST',
      url: '/snapshots/:name',
      handler: async (request) => {
        const session = of(request);
        const { name, savedAt } = await session.saveSnapshot(params(request).name);
        return { saved: name, session: session.name, savedAt };
      },
    },
    {
      method: 'POST',
      url: '/snapshots/:name/restore',
      handler: async (request) => {
        const session = of(request);
        await session.restoreSnapshot(params(request).name);
        return { restored: params(request).name, session: session.name };
      },
    },
    {
      method: 'DELETE',
      url: '/snapshots/:name',
      handler: async (request) => {
        const session = of(request);
        await session.deleteSnapshot(params(request).name);
        return { deleted: params(request).name, session: session.name };
      },
    },
    {
      method: 'GET',
      url: '/requests',
      handler: async (request) => {
        const { call, limit } = query(request);
        return { requests: await of(request).requests({ call, limit }) };
      },
    },
    {
      method: 'DELETE',
      url: '/requests',
      handler: async (request) => {
        await of(request).clearRequests();
        return { cleared: true };
      },
    },
    {
      method: 'GET',
      url: '/emails',
      handler: async (request) => ({ emails: await of(request).emails({ to: query(request).to }) }),
    },
    {
      method: 'DELETE',
      url: '/emails',
      handler: async (request) => {
        await of(request).clearEmails();
        return { cleared: true };
      },
    },
    { method: 'GET', url: '/coverage', handler: async (request) => of(request).coverage() },
    { method: 'GET', url: '/state', handler: async (request) => ({ collections: await of(request).collections() }) },
    {
      method: 'GET',
      url: '/state/:collection',
      handler: async (request) => {
        const name = params(request).collection as CollectionName;
        const { rows, sorter } = await of(request).rowsPage(name, query(request));
        return sorter ? { [name]: rows, sorter } : { [name]: rows };
      },
    },
    {
      method: 'GET',
      url: '/state/:collection/:id',
      handler: async (request) => {
        const { collection, id } = params(request);
        const row = await of(request).record(collection as CollectionName, id);
        if (!row) throw new ControlError('not-found', `No record ${id.slice(0, 64)} in ${collection}`);
        return row;
      },
    },
    { method: 'POST', url: '/faults', handler: async (request, reply) => reply.status(201).send(await of(request).addFault(request.body)) },
    { method: 'GET', url: '/faults', handler: async (request) => ({ faults: await of(request).faults() }) },
    {
      method: 'DELETE',
      url: '/faults',
      handler: async (request) => {
        await of(request).clearFaults();
        return { cleared: true };
      },
    },
    {
      method: 'DELETE',
      url: '/faults/:id',
      handler: async (request) => {
        await of(request).removeFault(params(request).id);
        return { deleted: params(request).id, session: of(request).name };
      },
    },
    { method: 'GET', url: '/clock', handler: async (request) => of(request).clock() },
    { method: 'POST', url: '/clock', handler: async (request) => of(request).setClock(request.body) },
    {
      method: 'GET',
      url: '/automation',
      handler: async (request) => of(request).automation({ limit: query(request).limit }),
    },
    { method: 'POST', url: '/automation', handler: async (request) => of(request).setAutomation(request.body) },
    ...dashboardRoutes(control.calls),
  ];
}

/**
 * Control bodies are JSON objects or nothing. The API's own parsers turn
 * bodies into parameters and refuse with the API's envelope; here a body that
 * is not JSON is a 400 or 415 that says what to send. An empty body of any
 * type is no body (curl -d '' sends one as a form).
 */
function registerBodyParsers(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('remove', 'remove');
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
  // The dashboard is the control prefix itself (GET /__billsim/); the root points there.
  app.get('/', async (_request, reply) => reply.redirect(`${CONTROL_PREFIX}/`));
  void app.register(
    async (control) => {
      control.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        let status = 500;
        if (error instanceof ControlError) status = CONTROL_STATUS[error.kind];
        else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) status = error.statusCode;
        if (status === 500) request.log.error({ err: error }, 'control route failed');
        void reply.status(status).send({ error: status === 500 ? 'Internal simulator error' : error.message });
      });
      registerBodyParsers(control);
      if (deps.controlToken) registerGuard(control, deps.controlToken);
      const table = routes(deps);
      for (const { method, url, handler, open } of table) {
        control.route({ method: method as HTTPMethods, url, handler, config: { open: open === true } });
      }
      registerNotFound(control, table);
    },
    { prefix: CONTROL_PREFIX },
  );
}
