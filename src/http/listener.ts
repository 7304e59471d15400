import type { RequestListener, Server } from 'node:http';

/**
 * Puts `wrap` in front of the server's request listener (direct.ts already
 * replaced Fastify's with its own), keeping one listener: the tests' inject
 * enters through the first one, as production's requests do.
 */
export function wrapRequests(server: Server, wrap: (next: RequestListener) => RequestListener): void {
  const [next] = server.listeners('request') as RequestListener[];
  server.removeListener('request', next);
  server.on('request', wrap(next));
}
