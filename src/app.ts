import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import cors from '@fastify/cors';
import type { Adapter } from 'lowdb';
import { callRegistry as operations } from './operations/calls.js';
import { routeRegistry } from './userapi/modules.js';
import { type DoorDeps, registerUserApi } from './http/userapi.js';
import { doorTable } from './http/userapi-routes.js';
import { RateLimit, type RateLimitSpec } from './http/userapi-limit.js';
import { registerEndpoint, type EndpointDeps, type Latency } from './http/endpoint.js';
import { answerDirectly, requestIds } from './http/direct.js';
import { CONTROL_PREFIX, registerControl } from './http/control.js';
import { registerDocs } from './http/docs.js';
import { registerRoot } from './http/root.js';
import { swaggerDocument } from './http/userapi-openapi.js';
import { convertAll } from './http/openapi-schemas.js';
import { buildOpenApi } from './http/openapi.js';
import { recordedExamples } from './examples.js';
import { registerBodyParsers } from './http/bodies.js';
import { registerPrivateNetwork } from './http/private-network.js';
import { apiOrigins, proxiedOriginAllowed, registerControlOrigins, registerProxiedOrigins } from './http/cross-site.js';
import { guardHosts } from './http/hosts.js';
import { keepShapes } from './http/shapes.js';
import { connectionLimits, serverOptions, watchConnections, type ConnectionLimits } from './http/connections.js';
import { clientErrorHandler, HEADER_ALLOWANCE, registerErrorHandlers } from './http/errors.js';
import { parseParams } from './http/params.js';
import { Forwarder, type ProxyOptions } from './http/proxy.js';
import { Recorder } from './http/recording.js';
import { Seed } from './store/world.js';
import { DEFAULT_SESSION, Sessions } from './session/sessions.js';
import { Control } from './session/control.js';
import { type DataFile, openDataFile, readSnapshotFile } from './store/persistence.js';
import { readSavedSession } from './session/saved-state.js';
import { adapterSaver } from './store/saver.js';
import { checkWorld, FixtureError, readWorld } from './store/fixtures.js';
import { withRows } from './store/lazy.js';
import { Verdicts } from './store/verdicts.js';
import { storedStubFindings, type StubFinding } from './session/stubs.js';
import { Lines, valuePlace } from './store/positions.js';
import { defaultFixturesDir, packageVersion } from './paths.js';
import type { Collections, WebhookSpec } from './generated/wire.js';
import { fixtureWebhooks, startingWebhooks } from './session/starting-webhooks.js';
import type { DeliveryOptions } from './session/webhooks.js';

export interface AppOptions {
  /** Folder with one JSON file per collection (default: the bundled fixtures/default). */
  fixturesDir?: string;
  /**
   * Folder where worlds found clean are remembered by their files' digest, so a later start over
   * the same files reads each collection on first use instead of checking them all (default: none,
   * every start checks the whole world; the CLI sets one, src/store/verdicts.ts).
   */
  cacheDir?: string;
  /** A world given directly instead of a fixtures folder (validated the same way). */
  data?: Collections;
  /** Start every session's clock frozen at this moment. */
  now?: Date;
  /** Run the daily automation as a session's clock passes midnight (default true; the --no-automation flag). */
  automation?: boolean;
  /** The real time session clocks run with (default Date.now): tests move it to cross a midnight without waiting. */
  realNow?: () => number;
  /** Replace the credentials of API access record "1". */
  credentials?: { apiId?: string; apiKey?: string };
  /** Largest request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  logger?: FastifyServerOptions['logger'];
  /** lowdb adapter for the default session, handed the whole state after every change; see also dataFile. */
  defaultAdapter?: Adapter<Collections>;
  /** Keep the default session's state in this JSON file and a log of changes next to it (created from the seed when missing). */
  dataFile?: string;
  /**
   * Origins allowed by CORS: true (default) for any origin, or a list. Control
   * routes (/__billsim) take requests from the server's own origin and, with
   * the default, loopback origins; with a list, only from those origins. With
   * `proxy`, the API takes its own origin, loopback origins and the listed
   * ones only, and refuses requests from any other before forwarding them.
   */
  cors?: true | string[];
  /**
   * Host names answered besides loopback names and IP addresses (the guard
   * against DNS rebinding); ".example.com" for a domain and its subdomains, "*" for any.
   */
  allowedHosts?: string[];
  /** Time-outs and the connection cap (DEFAULT_CONNECTION_LIMITS for any left out). */
  connections?: Partial<ConnectionLimits>;
  /** Delay every API answer by a random time in this range (ms). */
  latency?: Latency;
  /** Require `Authorization: Bearer <token>` on the /__billsim control routes (all but GET /__billsim/health). */
  controlToken?: string;
  /** Request journal entries kept per session (default 1000). */
  journalLimit?: number;
  /**
   * Sessions kept at once (default 1000, DEFAULT_MAX_SESSIONS; 0 for no limit): beyond it the least
   * recently used idle session other than the default is dropped, and its next
   * request is refused, naming the drop, until it is reset.
   */
  maxSessions?: number;
  /** Bytes sessions may keep besides their state (journal, kept answers, snapshots); default a quarter of the heap limit (src/session/memory.ts). */
  memoryBudget?: number;
  /** Forward calls to a user's own installation (--proxy), and record its answers as stubs (--record). */
  proxy?: ProxyOptions;
  /** Requests each client may send to the customer's door (/api/...) in a period (--userapi-rate-limit); unlimited without. */
  userApiRateLimit?: RateLimitSpec;
  /** Webhooks the default session starts with (the --webhook flags), checked as POST /__billsim/webhooks checks them. */
  webhooks?: WebhookSpec[];
  /** How webhook deliveries are sent: time-out, attempts in all, first back-off (ms); tests shorten them. */
  webhookDelivery?: Partial<DeliveryOptions>;
}

declare module 'fastify' {
  interface FastifyInstance {
    billsim: {
      sessions: Sessions;
      control: Control;
      /** What loading the world changed to make pasted records fit (a plain-text password hashed, say), one line each. */
      warnings: readonly string[];
    };
  }
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

// Fastify loads its ajv and fast-json-stringify compilers when an instance is
// created (a measurable share of start-up, bench/README.md), but no billsim route declares a Fastify schema:
// calls are validated against schemas/ by src/schemas.ts. The default
// compilers are therefore loaded only if a schema ever needs compiling.
const fastifyRequire = createRequire(import.meta.resolve('fastify'));
type Factory = (...args: unknown[]) => unknown;
let validatorFactory: Factory | undefined;
let serializerFactory: Factory | undefined;
const compilersFactory = {
  buildValidator: (...args: unknown[]) => (validatorFactory ??= (fastifyRequire('@fastify/ajv-compiler') as () => Factory)())(...args),
  buildSerializer: (...args: unknown[]) =>
    (serializerFactory ??= (fastifyRequire('@fastify/fast-json-stringify-compiler') as () => Factory)())(...args),
};

/** `file:line:column` of the value a stubs.json problem is about (its record when the value is not found), or the file alone. */
function placeIn(file: string): (finding: StubFinding) => string {
  let bytes: Buffer | undefined;
  return ({ index, steps }) => {
    bytes ??= fs.existsSync(file) ? fs.readFileSync(file) : Buffer.alloc(0);
    const offset = valuePlace(bytes, [index, ...steps]) ?? valuePlace(bytes, [index]);
    if (offset === undefined) return file;
    const { line, column } = new Lines(bytes).at(offset);
    return `${file}:${line}:${column}`;
  };
}

/**
 * The world every session starts from, and the warnings of its loading (pasted records made to fit).
 * Every problem of the world, its stubs' included, stops the start in one FixtureError.
 */
function seedData(options: AppOptions): {
  data: Collections;
  warnings: string[];
} {
  const dir = options.fixturesDir ?? defaultFixturesDir;
  const verdicts = options.cacheDir ? new Verdicts(options.cacheDir) : undefined;
  const world = options.data ? checkWorld(options.data, '(data option)') : readWorld(dir, verdicts);
  const stubs = Array.isArray(world.data.stubs) ? storedStubFindings(world.data.stubs) : [];
  const stubFile = options.data ? '(data option) stubs' : path.join(dir, 'stubs.json');
  const where = options.data ? () => stubFile : placeIn(stubFile);
  const problems = [...world.problems, ...stubs.map((finding) => `${where(finding)}: ${finding.message}`)];
  if (problems.length > 0) throw FixtureError.of(options.data ? 'the world of the data option' : `the world in ${dir}`, problems);
  const { apiId, apiKey } = options.credentials ?? {};
  if (!apiId && !apiKey) return world;
  const access = world.data.api_access.map((row) =>
    row.id === '1' ? { ...row, api_id: apiId || row.api_id, api_key: apiKey || row.api_key } : row,
  );
  return {
    data: withRows(world.data, 'api_access', access),
    warnings: world.warnings,
  };
}

/** The key of API access record 1 in the bundled world: published with billsim, so no secret. */
function bundledKey(): string | undefined {
  const rows = JSON.parse(fs.readFileSync(path.join(defaultFixturesDir, 'api_access.json'), 'utf8')) as Collections['api_access'];
  return rows.find((row) => row.id === '1')?.api_key;
}

/** Builds the simulator as a Fastify instance without listening (use inject or listen). */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const { data, warnings } = seedData(options);
  const seed = new Seed(data);
  const { dataFile } = options;
  const saved = dataFile ? openDataFile(dataFile, seed.data) : undefined;
  try {
    return await appOver(options, seed, saved, warnings);
  } catch (error) {
    // A start that fails lets go of the data file's lock, so the file can be opened again.
    await saved?.saver.close();
    throw error;
  }
}

async function appOver(options: AppOptions, seed: Seed, saved: DataFile | undefined, warnings: string[]): Promise<FastifyInstance> {
  const { dataFile } = options;
  let app: FastifyInstance | undefined;
  // The default session's clock, faults and snapshots as the data file kept them.
  const defaultSession = dataFile &&
    saved?.session && {
      state: readSavedSession(saved.session, `data file ${dataFile}`),
      readSnapshot: (file: number) => readSnapshotFile(saved.file, file, seed.data),
    };
  const sessions = new Sessions(seed, {
    webhooks: options.data ? [] : fixtureWebhooks(options.fixturesDir ?? defaultFixturesDir),
    defaultWebhooks: startingWebhooks(options.webhooks ?? [], '(webhooks option)'),
    webhookDelivery: options.webhookDelivery,
    onPublicWebhook: (session, url) => app?.log.warn({ session, url }, 'webhook sent to a public address'),
    onSaveFailed: (session, message) => app?.log.error({ session }, `webhooks not saved: ${message}`),
    now: options.now,
    automation: options.automation,
    realNow: options.realNow,
    defaultSaver: saved?.saver ?? (options.defaultAdapter && adapterSaver(options.defaultAdapter)),
    defaultData: saved?.data,
    defaultSession: defaultSession || undefined,
    journalLimit: options.journalLimit,
    maxSessions: options.maxSessions,
    memoryBudget: options.memoryBudget,
    // A dropped session is logged: its client's next request is refused with the same words.
    onDrop: (session, message) => app?.log.warn({ session }, message),
  });
  if (saved) {
    const session = sessions.get(DEFAULT_SESSION);
    // A new data file is written at once, so the state on disk always exists.
    if (!saved.data) await session.world.persist();
    await saved.saver.pruneSnapshots(session.snapshotFiles());
  }
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  // A GET query string may carry as much as a body (Node's default stops headers at 16 KiB).
  const headerLimit = bodyLimit + HEADER_ALLOWANCE;
  const nextRequestId = requestIds();
  const limits = connectionLimits(options.connections);
  const { http, ...timeouts } = serverOptions(limits);
  app = Fastify({
    genReqId: nextRequestId,
    ...timeouts,
    http: { ...http, maxHeaderSize: headerLimit },
    clientErrorHandler: clientErrorHandler(headerLimit, sessions),
    logger: options.logger ?? false,
    // Fastify's own request lines would log URLs with api_key in them; the
    // endpoint logs one redacted line per call instead.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit,
    routerOptions: { querystringParser: (query: string) => parseParams(query) },
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    schemaController: { compilersFactory: compilersFactory as never },
  });
  // The customer's door's routes count beside the calls: in coverage, and as what a fault may name ("GET /api/invoice").
  const door = doorTable(routeRegistry);
  const control = new Control(sessions, [...operations.names, ...door.map((entry) => entry.key)]);
  const proxy = options.proxy && proxyOver(options.proxy, seed, app);
  control.proxy = proxy?.health();
  app.decorate('billsim', { sessions, control, warnings });
  // A stop leaves pending deliveries pending (a data file keeps them for the next start).
  app.addHook('onClose', async () => {
    for (const session of sessions.all()) session.webhooks.stop();
  });
  if (saved) {
    if (saved.recovered) app.log.warn(saved.recovered);
    app.addHook('onClose', () => saved.saver.close());
  }
  registerErrorHandlers(app, bodyLimit, sessions);
  const origins = options.cors === undefined || options.cors === true ? true : options.cors;
  // With --proxy a page's origin could read the user's installation: the API takes loopback origins and the listed ones only.
  const granted = apiOrigins(origins, proxy !== undefined);
  registerPrivateNetwork(app, granted);
  registerControlOrigins(app, CONTROL_PREFIX, origins);
  if (proxy) registerProxiedOrigins(app, origins);
  await app.register(cors, {
    // A request without Origin is granted as before (no header); an origin not taken gets no CORS at all.
    origin: typeof granted === 'function' ? (origin, done) => done(null, origin === undefined || granted(origin)) : origins,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['content-type', 'authorization', 'x-billsim-session'],
    maxAge: 600,
    // An OPTIONS request without the preflight headers gets the same empty 204, not a text/plain 400.
    strictPreflight: false,
  });
  await app.register(formbody, { parser: (body) => parseParams(body) });
  registerBodyParsers(app);
  const endpoint: EndpointDeps = {
    sessions,
    operations,
    latency: options.latency,
    proxy,
    ...(proxy && { originAllowed: (origin: string | undefined, host: string | undefined) => proxiedOriginAllowed(origin, host, origins) }),
  };
  registerEndpoint(app, endpoint);
  const doorDeps: DoorDeps = {
    sessions,
    table: door,
    proxy,
    ...(proxy && { originAllowed: endpoint.originAllowed }),
    ...(options.userApiRateLimit && { rateLimit: new RateLimit(options.userApiRateLimit, options.realNow) }),
  };
  registerUserApi(app, doorDeps);
  answerDirectly(app, endpoint, { bodyLimit, origins: granted, nextRequestId, door: doorDeps });
  guardHosts(app, options.allowedHosts ?? []);
  watchConnections(app, limits);
  keepShapes(app.server);
  registerControl(app, { control, version: packageVersion(), controlToken: options.controlToken });
  registerRoot(app, () => swaggerDocument(packageVersion(), convertAll()));
  registerDocs(app, () => {
    // The docs page fills in the credentials this server runs with, so "Try it out" works at once,
    // but the document is open to anyone: a key of the user's own is left for them to type in.
    const access = seed.data.api_access.find((row) => row.id === '1');
    const credentials = access && { apiId: access.api_id, apiKey: access.api_key === bundledKey() ? access.api_key : undefined };
    return buildOpenApi(operations.names, packageVersion(), { credentials, examples: recordedExamples() });
  });
  return app;
}

/** The proxy, with its recording opened (the folder is written at once, so a start that cannot write it fails). */
function proxyOver(options: ProxyOptions, seed: Seed, app: FastifyInstance): Forwarder {
  const recorder = options.record === undefined ? undefined : new Recorder(options.record, seed.data, app.log);
  const proxy = new Forwarder(options, recorder);
  // A stop waits for the recording's last write.
  app.addHook('onClose', () => proxy.close());
  return proxy;
}
