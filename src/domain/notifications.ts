// Portal notifications: what a client finds in its client area (and at the
// customer's door, /api/notifications) until it acknowledges it. Domain rules
// add one when something reaches the client: a staff reply to its ticket
// (tickets.ts addReply), an invoice issued to it (invoices.ts issueInvoice,
// which the daily run's renewal invoices go through too). A notification
// belongs to the main client; a contact sees one when its privileges let it
// see what the notification is about.
import type { View, World } from '../store/world.js';
import type { Client, Invoice, PortalNotification, Ticket } from '../generated/wire.js';
import { formatDateTime } from '../lib/dates.js';
import { holdsPrivilege } from './contactDetails.js';

export type NotificationType = PortalNotification['rel_type'];

/** The privilege a contact needs to see a notification: the one that shows the record it is about. */
export const NOTIFICATION_PRIVILEGES: Readonly<Record<NotificationType, string>> = {
  Invoice: 'billing.payinvoice',
  Ticket: 'support.tickets',
};

interface NewNotification {
  clientId: string;
  relType: NotificationType;
  relId: string;
  subject: string;
  message: string;
}

/** The one rule that adds a notification for a client: unread, dated now. */
export function notifyClient(world: World, n: NewNotification, now: Date): PortalNotification {
  return world.insert('portal_notifications', {
    id: world.nextId('portal_notifications'),
    client_id: n.clientId,
    rel_type: n.relType,
    rel_id: n.relId,
    subject: n.subject,
    message: n.message,
    date: formatDateTime(now),
    read: '0',
  });
}

/** Staff answered the client's ticket (a guest's ticket has no client to tell). */
export function notifyTicketReply(world: World, ticket: Ticket, now: Date): void {
  if (ticket.client_id === '0' || !world.get('clients', ticket.client_id)) return;
  notifyClient(
    world,
    {
      clientId: ticket.client_id,
      relType: 'Ticket',
      relId: ticket.ticket_number,
      subject: `New reply to ticket #${ticket.ticket_number}`,
      message: `Support replied to your ticket "${ticket.subject}".`,
    },
    now,
  );
}

/** An invoice reached the client (a Draft has not: it does when it is made Unpaid). */
export function notifyInvoiceIssued(world: World, invoice: Invoice, now: Date): void {
  if (invoice.status === 'Draft') return;
  const code = world.get('currencies', invoice.currency_id)?.code ?? '';
  notifyClient(
    world,
    {
      clientId: invoice.client_id,
      relType: 'Invoice',
      relId: invoice.id,
      subject: `New invoice #${invoice.id}`,
      message: `Invoice #${invoice.id} for ${invoice.total} ${code} is due on ${invoice.duedate}.`,
    },
    now,
  );
}

export interface NotificationFilter {
  rel_type?: string;
  rel_id?: string;
  /** Only those not yet acknowledged. */
  unread?: boolean;
}

/** The notifications `person` (a client or a contact of `clientId`) sees, in id order, through the client index. */
export function notificationsFor(world: View, person: Client, clientId: string, f: NotificationFilter): PortalNotification[] {
  return world
    .where('portal_notifications', 'client_id', clientId)
    .filter(
      (n) =>
        (f.rel_type === undefined || n.rel_type === f.rel_type) &&
        (f.rel_id === undefined || n.rel_id === f.rel_id) &&
        (!f.unread || n.read === '0') &&
        holdsPrivilege(person, NOTIFICATION_PRIVILEGES[n.rel_type]),
    );
}

/** Notification `id` when `person` sees it; undefined for one that is not there, another client's or one it may not see. */
export function notificationFor(world: View, person: Client, clientId: string, id: string): PortalNotification | undefined {
  const n = world.get('portal_notifications', id);
  return n && n.client_id === clientId && holdsPrivilege(person, NOTIFICATION_PRIVILEGES[n.rel_type]) ? n : undefined;
}

/** Marks the notification read; one already read stays as it is. */
export function acknowledge(world: World, n: PortalNotification): PortalNotification {
  return n.read === '1' ? n : world.replace('portal_notifications', { ...n, read: '1' });
}
