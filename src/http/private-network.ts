import type { FastifyInstance } from 'fastify';
import { corsGrants, type CorsOrigins } from './cross-site.js';

/**
 * Chromium's Private Network Access: a page served from a public origin that
 * calls billsim on localhost first sends a preflight carrying
 * `Access-Control-Request-Private-Network: true`, and goes on only if the
 * answer allows it. Allowed origins get the permission; the CORS plugin then
 * answers the preflight as usual. Registered before it, so the header is set
 * when it replies.
 */
export function registerPrivateNetwork(app: FastifyInstance, origins: CorsOrigins): void {
  const allowed = (origin: string | undefined) => origin !== undefined && corsGrants(origins, origin);
  app.addHook('onRequest', (request, reply, done) => {
    if (
      request.raw.method === 'OPTIONS' &&
      request.headers['access-control-request-private-network'] === 'true' &&
      allowed(request.headers.origin)
    ) {
      reply.header('access-control-allow-private-network', 'true');
    }
    done();
  });
}
