// The bundled support desk as tests name it: ticket numbers by internal id,
// and the session outbox as GET /__billsim/emails answers it.
import type { FastifyInstance } from 'fastify';
import type { Email } from '../../src/generated/wire.js';

/** Bundled tickets' 6-digit numbers (the `id` the ticket calls take), by internal id. */
export const NUMBER: Record<string, string> = {
  1: '814003',
  2: '251624',
  3: '589245',
  4: '926866',
  5: '364487',
  6: '702108',
  7: '139729',
  8: '477350',
};

/** The next ticket addTicket opens in the bundled world: id 9. */
export const NEXT_ID = '9';
export const NEXT_NUMBER = '814971';

/** The session's outbox, newest first. */
export async function emails(app: FastifyInstance, session = 'default'): Promise<Email[]> {
  const response = await app.inject({ method: 'GET', url: '/__billsim/emails', headers: { 'x-billsim-session': session } });
  return response.json().emails;
}
