import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, messages } from '../errors.js';
import { API_PATH } from './endpoint.js';
import { errorEnvelope } from './envelope.js';

function callOf(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.call === 'string' ? query.call : '';
}

/**
 * Anything that fails before the handler (body too large, unreadable body,
 * parameter limits) still answers with the API's error envelope and HTTP 200.
 * Other paths get a JSON 404 that points at the endpoint.
 */
export function registerErrorHandlers(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let list: string[];
    if (error instanceof ApiError) list = error.messages;
    else if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') list = [messages.bodyTooLarge(bodyLimit)];
    else if (error.statusCode && error.statusCode < 500) list = [messages.bodyMalformed(error.message)];
    else {
      request.log.error({ err: error }, 'unexpected error');
      list = [messages.internal()];
    }
    const status = request.url.startsWith(API_PATH) ? 200 : (error.statusCode ?? 500);
    void reply.status(status).send(errorEnvelope(callOf(request), new Date(), list));
  });
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ error: `No route ${request.method} ${request.url.split('?')[0]}: the API is at ${API_PATH}` });
  });
}
