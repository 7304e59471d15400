// The bundled world's billing, as these tests use it: Bruno (client 2, EUR)
// holds 15.00 credit and owes 48.03 on invoice 12 (88.03, 40.00 paid); his
// contact Sabine (11) may pay invoices but not see the balance. Alice (client 1,
// USD) has only Paid invoices; Charlotte (client 3, GBP) owes invoice 3 and has
// no credit.
import type { FastifyInstance } from 'fastify';
import { api } from './app.js';

export const BRUNO = 'bruno.keller@keller-maschinenbau.de';
export const SABINE = 's.vogel@keller-maschinenbau.de';
export const CHARLOTTE = 'charlotte@evans-bakery.org';

/** Sets a contact's privileges through the Admin API (the set given replaces the contact's). */
export async function grant(app: FastifyInstance, contactId: string, privileges: Record<string, string[]>): Promise<void> {
  const params: Record<string, string> = { id: contactId };
  for (const [section, keys] of Object.entries(privileges)) for (const key of keys) params[`privileges[${section}][${key}]`] = '1';
  if (Object.keys(params).length === 1) params['privileges[billing][emails]'] = '0';
  const body = await api(app, 'editContactPermissions', params);
  if (!body.success) throw new Error(`editContactPermissions failed: ${JSON.stringify(body)}`);
}
