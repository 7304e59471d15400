import type { FastifyInstance } from 'fastify';
import { CONTROL_PREFIX } from './control.js';

/**
 * The server's root. An installation serves its User API's description at
 * /?cmd=userapi&action=swagger, so billsim does too (`swagger`, built on the
 * first request); anything else at the root goes to the dashboard, the
 * control prefix itself.
 */
export function registerRoot(app: FastifyInstance, swagger: () => object): void {
  let text: string | undefined;
  app.get('/', async (request, reply) => {
    const { cmd, action } = request.query as Record<string, unknown>;
    if (cmd === 'userapi' && action === 'swagger') {
      return reply.type('application/json; charset=utf-8').send((text ??= JSON.stringify(swagger())));
    }
    return reply.redirect(`${CONTROL_PREFIX}/`);
  });
}
