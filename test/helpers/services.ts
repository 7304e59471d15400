// Helpers for the customer's door's service routes (/api/service...).
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess } from './app.js';

/** Takes every privilege from a contact through the Admin API (editContactPermissions). */
export async function withoutPrivileges(t: Test, app: FastifyInstance, contactId: string): Promise<void> {
  assertSuccess(
    t,
    await api(app, 'editContactPermissions', { id: contactId, 'privileges[billing][emails]': '0' }),
    'editContactPermissions',
  );
}

/** Grants a contact exactly these privileges ("billing.orders") through the Admin API. */
export async function grant(t: Test, app: FastifyInstance, contactId: string, privileges: string[]): Promise<void> {
  const params: Record<string, string> = { id: contactId };
  for (const privilege of privileges) {
    const [section, key] = privilege.split('.');
    params[`privileges[${section}][${key}]`] = '1';
  }
  assertSuccess(t, await api(app, 'editContactPermissions', params), 'editContactPermissions');
}
