// The outbox: every e-mail HostBill would send (sign-up, order, invoice,
// payment, ticket), recorded instead of sent. It is a collection of the world
// (`emails`), so a failed call leaves no message behind, and reset, snapshots
// and the data file include it like any other state.
import type { Client, Email, Estimate, GetClientEmailsFilter, Invoice, Order, Ticket, TicketReply } from '../generated/wire.js';
import { containsText } from '../lib/lists.js';
import { formatDateTime } from '../lib/dates.js';
import type { View, World } from '../store/world.js';

/** Messages kept per session; the oldest go first. */
export const MAX_EMAILS = 1000;

export interface EmailSpec {
  to: string;
  subject: string;
  /** The HostBill template the message stands for, such as "Order Confirmation". */
  template: string;
  clientId: string;
  /** Ids of the records the message is about, by field name. */
  related?: Record<string, string>;
}

/** Records one message; call it inside the mutation that causes it. */
export function recordEmail(world: World, spec: EmailSpec, now: Date): Email {
  const email: Email = {
    id: world.nextId('emails'),
    date: formatDateTime(now),
    to: spec.to,
    subject: spec.subject,
    template: spec.template,
    client_id: spec.clientId,
    related: { ...spec.related },
  };
  world.insert('emails', email);
  const all = world.all('emails');
  if (all.length > MAX_EMAILS) world.remove('emails', all[0].id);
  return email;
}

/** The outbox newest first, optionally only the messages to one address (compared case-insensitively). */
export function outbox(world: View, to?: string): Email[] {
  const wanted = to?.toLowerCase();
  const rows = world.all('emails').filter((e) => wanted === undefined || e.to.toLowerCase() === wanted);
  return rows.reverse();
}

/** The messages a new order sends: its confirmation when asked, and its invoice when asked and one was made. */
export function recordOrderEmails(
  world: World,
  spec: { client: Client; order: Order; invoice?: Invoice; confirm: boolean; sendInvoice: boolean },
  now: Date,
): void {
  const { client, order, invoice } = spec;
  if (spec.confirm) {
    const subject = `Order Confirmation #${order.number}`;
    recordEmail(
      world,
      { to: client.email, subject, template: 'Order Confirmation', clientId: client.id, related: { order_id: order.id } },
      now,
    );
  }
  if (spec.sendInvoice && invoice) recordInvoiceEmail(world, client, invoice, { order_id: order.id }, now);
}

/** The invoice e-mail ("Invoice Created"), as a new order and sendInvoice send it; `related` adds ids besides the invoice's. */
export function recordInvoiceEmail(world: World, client: Client, invoice: Invoice, related: Record<string, string>, now: Date): Email {
  return recordEmail(
    world,
    {
      to: client.email,
      subject: `Customer Invoice #${invoice.id}`,
      template: 'Invoice Created',
      clientId: client.id,
      related: { invoice_id: invoice.id, ...related },
    },
    now,
  );
}

/** The estimate e-mail sendEstimate records, to the client's address. */
export function recordEstimateEmail(world: World, client: Client, estimate: Estimate, now: Date): Email {
  return recordEmail(
    world,
    {
      to: client.email,
      subject: `Estimate #${estimate.id}: ${estimate.subject}`,
      template: 'Estimate',
      clientId: client.id,
      related: { estimate_id: estimate.id },
    },
    now,
  );
}

/**
 * The "Ticket Opened" message to the ticket's address: telling the client about
 * a ticket staff opened for them, or confirming receipt of one the client opened.
 */
export function recordTicketOpened(world: World, ticket: Ticket, now: Date): Email {
  const subject =
    ticket.type === 'Client'
      ? `We have received your ticket #${ticket.ticket_number}: ${ticket.subject}`
      : `New support ticket #${ticket.ticket_number}: ${ticket.subject}`;
  return recordEmail(
    world,
    { to: ticket.email, subject, template: 'Ticket Opened', clientId: ticket.client_id, related: { ticket_id: ticket.id } },
    now,
  );
}

/** The "Ticket Reply" message: staff answered, so the ticket's address hears of it. */
export function recordTicketReply(world: World, ticket: Ticket, reply: TicketReply, now: Date): Email {
  return recordEmail(
    world,
    {
      to: ticket.email,
      subject: `[Ticket #${ticket.ticket_number}] ${ticket.subject}`,
      template: 'Ticket Reply',
      clientId: ticket.client_id,
      related: { ticket_id: ticket.id, reply_id: reply.id },
    },
    now,
  );
}

/** The kinds of record getClientEmails' filter[rel_type] names, by the field a message's `related` holds their id in. */
const RELATED_FIELDS: Record<string, string> = {
  account: 'account_id',
  domain: 'domain_id',
  order: 'order_id',
  invoice: 'invoice_id',
  estimate: 'estimate_id',
  ticket: 'ticket_id',
};

/**
 * getClientEmails' filters for the messages of `client`, each ignored when empty. The outbox keeps
 * no bodies, so `message` looks in the subject and the template's name. A message about no record is
 * about the client itself (rel_type client); billsim writes to no contact on its own (rel_type contact).
 * Every recorded message counts as sent (status 1).
 */
export function clientEmailChecks(filter: GetClientEmailsFilter, client: Client): Array<(email: Email) => boolean> {
  const { lastname, subject, email, message, rel_type, rel_id, status } = filter;
  const checks: Array<(e: Email) => boolean> = [];
  if (lastname && !containsText(client.lastname, lastname)) checks.push(() => false);
  if (subject) checks.push((e) => containsText(e.subject, subject));
  if (email) checks.push((e) => containsText(e.to, email));
  if (message) checks.push((e) => containsText(e.subject, message) || containsText(e.template, message));
  if (rel_type === 'client') checks.push((e) => Object.keys(e.related).length === 0 && (!rel_id || rel_id === e.client_id));
  else if (rel_type === 'contact') checks.push(() => false);
  else if (rel_type)
    checks.push((e) => e.related[RELATED_FIELDS[rel_type]] !== undefined && (!rel_id || e.related[RELATED_FIELDS[rel_type]] === rel_id));
  else if (rel_id) checks.push((e) => Object.values(e.related).includes(rel_id));
  if (status === '0') checks.push(() => false);
  return checks;
}

/** A password reset link asked for at the customer's door (HostBill's "Details:Password Reset" template); the password stays until the link is used. */
export function recordPasswordReset(world: World, person: Client, now: Date): Email {
  return recordEmail(
    world,
    { to: person.email, subject: 'Password reset request', template: 'Details:Password Reset', clientId: person.id },
    now,
  );
}
