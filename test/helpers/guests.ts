// The bundled guest access grants as the guest calls show them: Daniel (client 4)
// gives Sabine (contact 11 of Bruno) Active access 1 and has invited Grace
// (client 7) with access 2, still Pending.
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { read } from './reads.js';
import { frozen } from './records.js';

const SABINE_PRIVILEGES = { billing: { payinvoice: '1' }, support: { newticket: '1', tickets: '1' } };

/** getClientAccess of Sabine (11): Daniel's profile through access 1. */
export const DANIEL_FOR_SABINE = frozen({
  id: '4',
  firstname: 'Daniel',
  lastname: 'Kowalski',
  companyname: '',
  datecreated: '2026-10-05',
  email: 'daniel@kowalski-foto.net',
  privileges: SABINE_PRIVILEGES,
  access_id: '1',
  status: 'Active',
});

/** getClientAccess of Grace (7): Daniel's invitation, access 2. */
export const DANIEL_FOR_GRACE = frozen({
  ...DANIEL_FOR_SABINE,
  datecreated: '2026-11-19',
  privileges: { billing: { orders: '1' } },
  access_id: '2',
  status: 'Pending',
});

/** Daniel's guests as getClientContacts lists them (he has no contacts). */
export const SABINE_GUEST_ROW = frozen({
  id: '11',
  firstname: 'Sabine',
  lastname: 'Vogel',
  datecreated: '2026-10-05',
  email: 's.vogel@keller-maschinenbau.de',
  privileges: SABINE_PRIVILEGES,
  type: 'user',
  access_id: '1',
  status: 'Active',
});
export const GRACE_GUEST_ROW = frozen({
  id: '7',
  firstname: 'Grace',
  lastname: 'Liu',
  datecreated: '2026-11-19',
  email: 'grace@graceliu.io',
  privileges: { billing: { orders: '1' } },
  type: 'user',
  access_id: '2',
  status: 'Pending',
});

/** The profiles person `id` may use, as getClientAccess lists them. */
export async function accessOf(t: Test, app: FastifyInstance, id: string, where?: string): Promise<unknown[]> {
  return (await read(t, app, 'getClientAccess', { id, perpage: '1000' }, where)).contacts as unknown[];
}

/** A client's contacts and guests, as getClientContacts lists them. */
export async function contactsOf(t: Test, app: FastifyInstance, id: string, where?: string): Promise<unknown[]> {
  return (await read(t, app, 'getClientContacts', { id, perpage: '1000' }, where)).contacts as unknown[];
}

/** Each value's JSON type, in key order: what a published sample and an answer must share. */
export function jsonTypes(body: Record<string, unknown>): Array<[string, string]> {
  return Object.entries(body).map(([key, value]) => [key, Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value]);
}
