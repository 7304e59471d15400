import type { FastifyReply, FastifyRequest } from 'fastify';

/** One control route (the dashboard's among them), as the control plugin registers it. */
export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** Answered without the control token (it reveals nothing). */
  open?: boolean;
}
