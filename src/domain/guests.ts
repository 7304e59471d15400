// Guests: a person already registered (a main client, or a contact of another
// client) given access to a main client's profile by an access grant, with its
// own privileges and status. The grant is the only record of the link, so
// removing it, or editing it, never touches either person's account. At the
// customer's door (User API) an Active grant lets the guest log in to the
// host's profile with its own e-mail and password; the grant's privileges
// limit it as a contact's limit a contact. Removing a client or a
// contact removes its grants (removeContact and removeClient in clients.ts,
// with everything else it owns).
import { Checks, fail, messages, notFound } from '../errors.js';
import type {
  Client,
  ClientAccessItem,
  ClientGuest,
  ClientGuestItem,
  ClientGuestStatus,
  ContactPrivilegesParam,
} from '../generated/wire.js';
import { formatDate } from '../lib/dates.js';
import type { View, World } from '../store/world.js';
import { grantedPrivileges, mayLogIn, requireClient, requireMainClient } from './clients.js';
import { privilegeIn } from './contactDetails.js';
import { recordEmail } from './outbox.js';

/** The template the invitation stands for: HostBill sends the invited person an editable e-mail. */
export const GUEST_INVITATION_TEMPLATE = 'Client Guest Invitation';

export function requireGrant(world: View, accessId: string): ClientGuest {
  return world.get('client_guests', accessId) ?? notFound('Guest access', accessId);
}

/** Grants of a profile (`field` client_id) or of a person (`field` user_id), oldest first. */
function grantsBy(world: View, field: 'client_id' | 'user_id', id: string): ClientGuest[] {
  return [...world.where('client_guests', field, id)].sort((a, b) => Number(a.id) - Number(b.id));
}

export interface NewGrant {
  hostId: string;
  userId: string;
  status?: ClientGuestStatus;
  privileges?: ContactPrivilegesParam;
  notify: boolean;
}

/**
 * Makes a grant, every problem with the request found first and at once: the host must be
 * a main client, the person someone else than the host or its own contacts (who reach the
 * profile already), holding no grant on that profile yet, whatever its status.
 */
export function addGrant(world: World, spec: NewGrant, now: Date): ClientGuest {
  const checks = new Checks();
  const host = checks.value(() =>
    requireMainClient(world, spec.hostId, (parent) => `only a main client's profile takes guests: give client ${parent}`),
  );
  const guest = checks.value(() =>
    spec.userId === spec.hostId ? fail(messages.guestOfSelf(spec.hostId)) : requireClient(world, spec.userId),
  );
  if (host && guest) {
    checks.pass(() => (guest.parent_id === host.id ? fail(messages.guestIsOwnContact(guest.id, host.id)) : undefined));
    const held = grantsBy(world, 'user_id', guest.id).find((g) => g.client_id === host.id);
    checks.pass(() => (held ? fail(messages.guestExists(guest.id, host.id, held.id, held.status)) : undefined));
  }
  const found = checks.settle({ host, guest });
  const grant: ClientGuest = {
    id: world.nextId('client_guests'),
    client_id: found.host.id,
    user_id: found.guest.id,
    status: spec.status ?? 'Pending',
    privileges: grantedPrivileges(spec.privileges),
    datecreated: formatDate(now),
  };
  world.insert('client_guests', grant);
  if (spec.notify) invite(world, found.host, found.guest, grant, now);
  return grant;
}

function invite(world: World, host: Client, guest: Client, grant: ClientGuest, now: Date): void {
  const profile = host.companyname || `${host.firstname} ${host.lastname}`;
  const subject = `Invitation to the client profile of ${profile}`;
  const related = { access_id: grant.id };
  recordEmail(world, { to: guest.email, subject, template: GUEST_INVITATION_TEMPLATE, clientId: guest.id, related }, now);
}

/** A grant's new privileges: the set given replaces the old one, as for a contact. */
export function setGrantPrivileges(world: World, accessId: string, privileges: ContactPrivilegesParam): void {
  const grant = requireGrant(world, accessId);
  world.replace('client_guests', { ...grant, privileges: grantedPrivileges(privileges) });
}

/** Access switched on or off; a declined invitation stays declined (remove it and invite again). */
export function setGrantStatus(world: World, accessId: string, status: 'Active' | 'Closed'): void {
  const grant = requireGrant(world, accessId);
  if (grant.status === 'Rejected') fail(messages.guestRejected(grant.id));
  if (grant.status !== status) world.replace('client_guests', { ...grant, status });
}

export function removeGrant(world: World, accessId: string): void {
  world.remove('client_guests', requireGrant(world, accessId).id);
}

/** A profile's guests as getClientContacts lists them after its contacts: the person, the grant's date, privileges, id and status. */
export function guestItems(world: View, hostId: string): ClientGuestItem[] {
  return grantsBy(world, 'client_id', hostId).map((grant) => {
    const { id, firstname, lastname, email } = world.get('clients', grant.user_id)!;
    const { datecreated, privileges, id: access_id, status } = grant;
    return { id, firstname, lastname, datecreated, email, privileges, type: 'user', access_id, status };
  });
}

/** The profiles a person may use as a guest (getClientAccess): the host, then the grant. */
export function accessItems(world: View, userId: string): ClientAccessItem[] {
  return grantsBy(world, 'user_id', userId).map((grant) => {
    const { id, firstname, lastname, companyname, email } = world.get('clients', grant.client_id)!;
    const { datecreated, privileges, id: access_id, status } = grant;
    return { id, firstname, lastname, companyname, datecreated, email, privileges, access_id, status };
  });
}

// ------------------------------------------------------------------ the customer's door

/** A grant that lets its guest in: Active, and its host a client that may log in. */
function lets(world: View, grant: ClientGuest | undefined): ClientGuest | undefined {
  if (grant?.status !== 'Active') return undefined;
  const host = world.get('clients', grant.client_id);
  return host && mayLogIn(world, host) ? grant : undefined;
}

/** The grant that lets person `userId` into client `hostId`'s profile, if one does. */
export function guestEntry(world: View, userId: string, hostId: string): ClientGuest | undefined {
  return lets(
    world,
    grantsBy(world, 'user_id', userId).find((g) => g.client_id === hostId),
  );
}

/** Grant `accessId` while it still lets person `userId` in: a disabled (Closed) or removed grant ends the guest's tokens. */
export function standingGrant(world: View, accessId: string, userId: string): ClientGuest | undefined {
  const grant = world.get('client_guests', accessId);
  return grant?.user_id === userId ? lets(world, grant) : undefined;
}

/**
 * Whether a guest holds the door's privilege `privilege` ("billing.orders").
 * The one place guest permissions meet the door's privilege names: a grant's
 * permissions are the contact privilege set (addClientGuest and
 * editClientGuestPermissions take them as editContactPermissions does), so
 * each name is the door's own and a grant holds what it lists.
 */
export function guestHolds(grant: ClientGuest, privilege: string): boolean {
  return privilegeIn(grant.privileges, privilege);
}
