// Limits on connections, so that slow or idle clients cannot hold the server:
// without them Node keeps a connection that sends nothing forever, a body
// trickled a byte at a time for minutes, and as many sockets as the process
// has file descriptors (after which every request fails).
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { wrapRequests } from './listener.js';

export interface ConnectionLimits {
  /** Time to receive a whole request, headers and body, in ms (0: no limit). Answering is not timed. */
  requestTimeout: number;
  /** Time to receive a request's headers, in ms (0: no limit; at most requestTimeout). */
  headersTimeout: number;
  /** Time a connection may sit without a request in progress, before its first or between keep-alive requests, in ms (0: no limit). */
  idleTimeout: number;
  /** Connections open at once; more are closed as they arrive (0: no limit). */
  maxConnections: number;
}

/**
 * The request time-out only covers receiving the request (Node stops timing
 * once the body is in): a fault's or stub's delayMs (at most 60 s) and
 * --latency run after that and are never cut. 30 s is ample for a 1 MiB body
 * from a test or a browser on the same network.
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  requestTimeout: 30_000,
  headersTimeout: 10_000,
  idleTimeout: 5_000,
  maxConnections: 1_000,
};

/** How often Node looks for requests past their time-outs (its default, 30 s, would let a request run on that much longer). */
const CHECK_INTERVAL = 1_000;

/** The limits with their defaults filled in; throws when the header time-out exceeds the request time-out. */
export function connectionLimits(given: Partial<ConnectionLimits> = {}): ConnectionLimits {
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) };
  if (limits.requestTimeout > 0 && limits.headersTimeout > limits.requestTimeout) {
    // Only the default header time-out yields to a shorter request time-out given alone.
    if (given.headersTimeout !== undefined) {
      throw new RangeError(
        `The headers time-out (${limits.headersTimeout} ms) cannot exceed the request time-out (${limits.requestTimeout} ms)`,
      );
    }
    limits.headersTimeout = limits.requestTimeout;
  }
  return limits;
}

/** The Fastify options that carry the limits Node's server applies itself. */
export function serverOptions(limits: ConnectionLimits) {
  return {
    requestTimeout: limits.requestTimeout,
    // A socket's idle timer: every connection starts with it and gets it back after each answer.
    connectionTimeout: limits.idleTimeout,
    keepAliveTimeout: limits.idleTimeout,
    http: { requestTimeout: limits.requestTimeout, headersTimeout: limits.headersTimeout, connectionsCheckingInterval: CHECK_INTERVAL },
  };
}

/**
 * What Node leaves to the application: an idle timer that fires while a
 * request is being answered (a delay, a long read) must not close it, so the
 * requests in progress on each socket are counted; connections beyond the cap
 * are closed by Node, and logged here at most every 10 s.
 */
export function watchConnections(app: FastifyInstance, limits: ConnectionLimits): void {
  const server = app.server;
  const busy = new WeakMap<Socket, number>();
  // One listener for every answer, not a closure per request: a response closes once, and its
  // request keeps the socket (the response lets go of it before it closes).
  function closed(this: ServerResponse): void {
    const socket = this.req.socket;
    busy.set(socket, (busy.get(socket) ?? 1) - 1);
  }
  wrapRequests(server, (next) => (req, res) => {
    const socket = req.socket;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    res.on('close', closed);
    next(req, res);
  });
  // With a listener here, Node leaves the timed-out socket to it instead of destroying it.
  server.on('timeout', (socket: Socket) => {
    if (!busy.get(socket)) socket.destroy();
  });
  if (limits.maxConnections > 0) {
    server.maxConnections = limits.maxConnections;
    server.on('drop', dropLogger(app.log, limits.maxConnections));
  }
}

function dropLogger(log: FastifyBaseLogger, cap: number) {
  let dropped = 0;
  let last = -Infinity;
  return () => {
    dropped++;
    const now = Date.now();
    if (now - last < 10_000) return;
    last = now;
    log.warn({ dropped, maxConnections: cap }, `connections beyond --max-connections ${cap} are being closed`);
    dropped = 0;
  };
}
