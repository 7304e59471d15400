import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, messages } from '../errors.js';
import type { Sessions } from '../session/sessions.js';
import { API_PATH, SESSION_HEADER, wrongMethod } from './endpoint.js';
import { errorEnvelope } from './envelope.js';

/** Files a multipart form may carry (they are drained, never read as parameters). */
export const MAX_FILES = 20;

function callOf(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.call === 'string' ? query.call : '';
}

/**
 * Anything that fails before the handler (body too large, unreadable body,
 * parameter limits) still answers with the API's error envelope and HTTP 200.
 * Its server_time is the clock of the session the request named (else the
 * default session's), as every other answer's is. Other paths get a JSON 404 that points at the endpoint; the endpoint asked
 * with a method it does not answer, a 405.
 */
export function registerErrorHandlers(app: FastifyInstance, bodyLimit: number, sessions: Sessions): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let list: string[];
    if (error instanceof ApiError) list = error.messages;
    else if (error.statusCode === 413) list = [messages.bodyTooLarge(bodyLimit)];
    else if (error.statusCode && error.statusCode < 500) list = [messages.bodyMalformed(error.message)];
    else {
      request.log.error({ err: error }, 'unexpected error');
      list = [messages.internal()];
    }
    const status = request.url.startsWith(API_PATH) ? 200 : (error.statusCode ?? 500);
    const now = sessions.clockNow(request.headers[SESSION_HEADER]);
    void reply.status(status).send(errorEnvelope(callOf(request), now, list));
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (path === API_PATH) return void wrongMethod(request, reply);
    void reply.status(404).send({ error: `No route ${request.method} ${path}: the API is at ${API_PATH}` });
  });
}

/** Room for the request line and headers beyond the parameters themselves. */
export const HEADER_ALLOWANCE = 16 * 1024;

function rawAnswer(socket: Socket, status: string, body: string): void {
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
}

/**
 * Errors Node's HTTP parser raises before any route runs. A request line or
 * headers over the limit (a long GET query string) is an API client's mistake,
 * so it gets the error envelope with HTTP 200 like every other (its headers
 * were not read, so server_time is the default session's clock); anything else
 * (a broken request) gets Fastify's usual JSON 400 or 408.
 */
export function clientErrorHandler(headerLimit: number, sessions: Sessions) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      rawAnswer(socket, '200 OK', JSON.stringify(errorEnvelope('', sessions.clockNow(undefined), [messages.headersTooLarge(headerLimit)])));
    } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      rawAnswer(socket, '408 Request Timeout', '{"error":"Request Timeout","message":"Client Timeout","statusCode":408}');
    } else {
      rawAnswer(socket, '400 Bad Request', '{"error":"Bad Request","message":"Client Error","statusCode":400}');
    }
    socket.destroy(error);
  };
}
