import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { API_PATH, JSON_TYPE, serveApi, type EndpointDeps, type RequestLog } from './endpoint.js';
import { corsGrants, type CorsOrigins } from './cross-site.js';
import { writeFailure } from './failures.js';
import { parseParams } from './params.js';
import { type DoorDeps, type DoorSent, doorGetRequest, serveDoor } from './userapi.js';

// Fastify's own work per request (its request and reply objects, the hook
// runners, the body parser's stream handling, the reply pipeline) costs more
// on this endpoint than billsim's work does (bench/README.md). The common
// requests are therefore answered straight from node:http by the same
// serveApi the Fastify route runs, and everything else goes to Fastify as
// before: other paths and methods, other body encodings, a body Fastify would
// refuse, a server that is closing. The answer's bytes and headers are the
// ones the Fastify route sends, CORS headers included
// (test/http/direct.test.ts compares the two ways request by request).
// The customer's door's GETs are answered the same way, by the serveDoor its
// Fastify route runs.

const FORM = 'application/x-www-form-urlencoded';
const FORM_UTF8 = /^application\/x-www-form-urlencoded\s*;\s*charset="?utf-8"?\s*$/i;

export interface DirectOptions {
  bodyLimit: number;
  /** The CORS origins the app allows (as given to @fastify/cors). */
  origins: CorsOrigins;
  /** The request ids Fastify gives its requests, so both ways number them from one counter. */
  nextRequestId: () => string;
  /** The customer's door, whose GETs are answered directly too. */
  door: DoorDeps;
}

/** Request ids as Fastify makes them by default ("req-1", "req-2", ... in base 36), from one counter. */
export function requestIds(): () => string {
  let next = 0;
  return () => {
    next = (next + 1) & 0x7fffffff;
    return `req-${next.toString(36)}`;
  };
}

/** A urlencoded form of known length within the limit: the body Fastify's form parser reads the same way. */
function plainForm(req: IncomingMessage, bodyLimit: number): boolean {
  const { headers } = req;
  const type = headers['content-type'];
  if (type !== FORM && !(type !== undefined && FORM_UTF8.test(type))) return false;
  const length = headers['content-length'];
  if (length === undefined || !/^\d{1,12}$/.test(length) || Number(length) > bodyLimit) return false;
  return headers['transfer-encoding'] === undefined && headers['content-encoding'] === undefined;
}

/**
 * The request's query string when it is one this module answers. A GET's
 * body is never read (Fastify ignores it too); a POST must carry a plain form.
 */
function directQuery(req: IncomingMessage, bodyLimit: number): string | undefined {
  const url = req.url ?? '';
  if (!url.startsWith(API_PATH)) return undefined;
  if (url.length !== API_PATH.length && url.charCodeAt(API_PATH.length) !== 63 /* ? */) return undefined;
  if (req.method === 'GET' || (req.method === 'POST' && plainForm(req, bodyLimit))) return url.slice(API_PATH.length + 1);
  return undefined;
}

/**
 * A GET to the customer's door whose path Fastify's router takes as it is
 * written: plain segments (no escapes or dots), none longer than the router
 * reads, with no body to read. The rest goes to Fastify's route.
 */
const DOOR_GET = /^\/api(?:\/[\w\-/]{0,100})?(?:\?|$)/;
function doorGet(req: IncomingMessage): boolean {
  return req.method === 'GET' && DOOR_GET.test(req.url ?? '');
}

/**
 * Reads a body whole, as UTF-8 text, then calls `done` (or `failed` when the
 * request breaks off). Kept as bytes and decoded once: a form is one chunk
 * almost always, and a string decoder (setEncoding) costs 3-5 µs a request
 * (bench/README.md, "A server that rests"). Decoding the joined bytes reads a
 * character split between chunks whole, as the decoder would.
 */
function readBody(req: IncomingMessage, done: (body: string) => void, failed: () => void): void {
  let first: Buffer | undefined;
  let all: Buffer[] | undefined;
  req.on('data', (chunk: Buffer) => {
    if (first === undefined) first = chunk;
    else (all ??= [first]).push(chunk);
  });
  req.on('end', () => done(all ? Buffer.concat(all).toString() : (first?.toString() ?? '')));
  req.on('error', failed);
}

/** Logs through a child logger made, as Fastify makes it, only when a line is written. */
class LazyLog implements RequestLog {
  private child: FastifyBaseLogger | undefined;
  constructor(
    private readonly app: FastifyInstance,
    private readonly nextRequestId: () => string,
  ) {}

  info(fields: object, message: string): void {
    if (this.enabled('info')) this.logger().info(fields, message);
  }

  error(fields: object, message: string): void {
    if (this.enabled('error')) this.logger().error(fields, message);
  }

  private enabled(level: string): boolean {
    const log = this.app.log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
    return typeof log.isLevelEnabled === 'function' && log.isLevelEnabled(level);
  }

  private logger(): FastifyBaseLogger {
    this.child ??= this.app.log.child({ reqId: this.nextRequestId() });
    return this.child;
  }
}

/** Writes an outcome of either door (its answer, or its failure) as the Fastify route sends it; an Admin outcome has no headers of its own. */
export function write(req: IncomingMessage, res: ServerResponse, outcome: DoorSent, origins: DirectOptions['origins']): void {
  // In the order and spelling @fastify/cors and Fastify give them.
  const headers: OutgoingHttpHeaders = { vary: 'Origin' };
  const origin = req.headers.origin;
  if (origin && corsGrants(origins, origin)) headers['access-control-allow-origin'] = origin;
  if (outcome.headers) Object.assign(headers, outcome.headers);
  if (outcome.failure) {
    writeFailure(res, outcome.failure, outcome.json, headers, outcome.status);
    return;
  }
  // A 204 carries no body, so no content headers (as Fastify answers it).
  if (outcome.status === 204) {
    res.writeHead(204, headers);
    res.end();
    return;
  }
  // Bytes, not the text: Node would prefix a text with the header block and
  // encode the joined text twice (once to measure it), where bytes go out
  // beside the header block in one writev (lib/encoded.ts).
  const body = outcome.bytes ?? Buffer.from(outcome.json);
  headers['content-type'] = JSON_TYPE;
  headers['content-length'] = body.length;
  res.writeHead(outcome.status, headers);
  res.end(body);
}

/**
 * Puts the direct answers in front of Fastify on the app's server. Requests
 * injected with app.inject() still go through Fastify's route, which runs the
 * same serveApi.
 */
export function answerDirectly(app: FastifyInstance, deps: EndpointDeps, options: DirectOptions): void {
  const { bodyLimit, origins, nextRequestId, door } = options;
  // With "*" among them, @fastify/cors answers every origin with "*" and no Vary: left to it.
  if (Array.isArray(origins) && origins.includes('*')) return;
  const server = app.server;
  const [fastify] = server.listeners('request') as RequestListener[];
  let closing = false;
  // A closing Fastify answers new requests with 503 and closes the connection.
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // A kept read is answered within the request's own event (serveApi and serveDoor answer it at once); the
  // rest when ready. Both answer every error themselves; what is left is a request whose client has gone.
  const send = (req: IncomingMessage, res: ServerResponse, serve: (log: RequestLog) => DoorSent | Promise<DoorSent>) => {
    try {
      const outcome = serve(new LazyLog(app, nextRequestId));
      if (!(outcome instanceof Promise)) return write(req, res, outcome, origins);
      outcome.then((done) => write(req, res, done, origins)).catch(() => res.destroy());
    } catch {
      res.destroy();
    }
  };
  const answer = (req: IncomingMessage, res: ServerResponse, query: string, body: string | undefined) =>
    send(req, res, (log) =>
      serveApi(deps, {
        query: parseParams(query),
        body: body === undefined ? undefined : parseParams(body),
        // A newline never appears in a request's target, so the text tells query and body apart.
        text: body === undefined ? query : `${query}\n${body}`,
        headers: req.headers,
        ip: req.socket.remoteAddress ?? '',
        log,
      }),
    );
  const answerDoor = (req: IncomingMessage, res: ServerResponse) =>
    send(req, res, (log) => serveDoor(door, doorGetRequest(req.url!, req.headers, req.socket.remoteAddress ?? '', log)));
  server.removeListener('request', fastify);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const query = closing ? undefined : directQuery(req, bodyLimit);
    if (query === undefined) return !closing && doorGet(req) ? answerDoor(req, res) : fastify(req, res);
    if (req.method !== 'POST') return answer(req, res, query, undefined);
    readBody(
      req,
      (body) => answer(req, res, query, body),
      () => res.destroy(),
    );
  });
}
