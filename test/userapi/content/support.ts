// What the news and knowledge base tests share: news and the knowledge base are
// for everyone, so a contact with no privilege at all reads what its client reads.
import type { FastifyInstance } from 'fastify';
import { api } from '../../helpers/app.js';
import { login, TOM } from '../../helpers/door.js';

/** Tom (contact 10 of client 1) with every privilege taken away (editContactPermissions), logged in. */
export async function contactWithoutPrivileges(app: FastifyInstance): Promise<string> {
  const body = await api(app, 'editContactPermissions', { id: '10', 'privileges[billing][emails]': '0' });
  if (!body.success) throw new Error(`editContactPermissions failed: ${JSON.stringify(body)}`);
  return login(app, TOM);
}
