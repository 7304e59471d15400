// The event catalogue: what happened in the world, named and shaped as
// HostBill's hooks and its WebHooks plugin name and shape it (the vendor's
// event names and `$details` keys). The domain rule that makes a change raises
// its event here, so the Admin calls, the customer's door and the billing
// clock's days raise the same events alike; a mutation's events are committed
// with it (a call or a day that fails raises nothing), and the session's
// webhooks (src/session/webhooks.ts) deliver them afterwards.
//
// Payloads keep the store's wire values (ids and amounts as strings) except
// where the vendor's hook page gives a type (after_acceptorder's row,
// after_invoicefullpaid's invoice): there they follow it. An event whose
// vendor payload is a bare id (after_invoicecreate, after_clientlogin, ...)
// carries it as `{ "id": <id> }`, so every body is an object in either
// content type. Secrets never leave: passwords are sent empty.
import type { Account, Client, Domain, Estimate, Invoice, Order, Ticket, TicketReply, Transaction } from '../generated/wire.js';
import type { View, World } from '../store/world.js';

/** Every event billsim raises, as the vendor names them. */
export const EVENT_NAMES = [
  'after_clientadded',
  'after_clientedit',
  'after_clientlogin',
  'after_ordercreate',
  'after_acceptorder',
  'after_invoicecreate',
  'after_invoicefullpaid',
  'after_invoicepartialpayment',
  'after_invoicelatefee',
  'after_transactionadd',
  'after_accountcreate',
  'after_accountsuspend',
  'after_accountunsuspend',
  'after_accountterminate',
  'after_accountchangepackage',
  'after_cancellationrequest',
  'after_domainregister',
  'after_domainrenew',
  'after_domaintransfer',
  'after_ticketopen',
  'after_ticketclientreply',
  'after_ticketadminreply',
  'after_estimatecreate',
] as const;

export type EventName = (typeof EVENT_NAMES)[number];

export function isEventName(name: string): name is EventName {
  return (EVENT_NAMES as readonly string[]).includes(name);
}

function raise(world: View, event: EventName, payload: Record<string, unknown>): void {
  world.raise({ event, payload });
}

/** A bare id as the vendor passes it (an integer), in an object so every body is one. */
function idOnly(id: string): Record<string, unknown> {
  return { id: Number(id) };
}

// ---------------------------------------------------------------- clients

/** The sign-up fields HostBill's after_clientadded carries, as stored. */
function signUpFields(c: Client): Record<string, unknown> {
  return {
    type: c.company === '1' ? 'Company' : 'Private',
    companyname: c.companyname,
    firstname: c.firstname,
    lastname: c.lastname,
    // The vendor passes the posted passwords; billsim never sends one.
    password: '',
    password2: '',
    email: c.email,
    address1: c.address1,
    address2: c.address2,
    city: c.city,
    state: c.state,
    postcode: c.postcode,
    country: c.country,
    phonenumber: c.phonenumber,
  };
}

/** A client signed up or was added by staff: its sign-up fields and its new `id`. */
export function clientAdded(world: World, client: Client): void {
  raise(world, 'after_clientadded', { ...signUpFields(client), id: client.id });
}

/** The profile keys after_clientedit carries in `previous` and `new` (the vendor spells `comapnyname` so). */
function profile(c: Client): Record<string, unknown> {
  return {
    id: c.id,
    firstname: c.firstname,
    lastname: c.lastname,
    comapnyname: c.companyname,
    email: c.email,
    address1: c.address1,
    address2: c.address2,
    city: c.city,
    state: c.state,
    postcode: c.postcode,
    country: c.country,
    phonenumber: c.phonenumber,
  };
}

/** A client's profile changed. */
export function clientEdited(world: World, previous: Client, next: Client): void {
  raise(world, 'after_clientedit', { previous: profile(previous), new: profile(next) });
}

/**
 * A client logged in through the customer's door (no Admin call logs a client
 * in): the door calls this with the client's id once the login succeeded. It
 * may be called inside a mutation (committed with it) or outside one (a login
 * that changes nothing): then the event is raised at once.
 */
export function clientLoggedIn(world: View, clientId: string): void {
  raise(world, 'after_clientlogin', idOnly(clientId));
}

// ---------------------------------------------------------------- orders

/** An order was placed. */
export function orderCreated(world: World, order: Order): void {
  raise(world, 'after_ordercreate', idOnly(order.id));
}

/** An order was accepted: its row, with the vendor's types. */
export function orderAccepted(world: World, order: Order): void {
  raise(world, 'after_acceptorder', {
    id: Number(order.id),
    number: Number(order.number),
    payment_module: Number(order.payment_module),
    client_id: Number(order.client_id),
    staff_member_id: 0,
    invoice_id: Number(order.invoice_id),
    total: Number(order.total),
    date_created: order.date_created,
    status: order.status,
    order_ip: order.order_ip,
    notes: order.notes,
    metadata: '',
    contract_accepted_date: '',
    contract_accepted_by: 0,
  });
}

// ---------------------------------------------------------------- billing

/** An invoice was made with all its lines. */
export function invoiceCreated(world: World, invoice: Invoice): void {
  raise(world, 'after_invoicecreate', idOnly(invoice.id));
}

/** An invoice was paid in full: the invoice with its lines, with the vendor's types. */
export function invoicePaid(world: World, invoice: Invoice): void {
  raise(world, 'after_invoicefullpaid', {
    id: Number(invoice.id),
    status: invoice.status,
    client_id: Number(invoice.client_id),
    date: invoice.date,
    subtotal: Number(invoice.subtotal),
    credit: Number(invoice.credit),
    tax: Number(invoice.tax),
    total: Number(invoice.total),
    payment_module: Number(invoice.payment_module),
    currency_id: Number(invoice.currency_id),
    notes: invoice.notes,
    items: invoice.items.map((line) => ({
      type: line.type,
      item_id: Number(line.item_id),
      description: line.description,
      amount: Number(line.amount),
      taxed: Number(line.taxed),
      qty: Number(line.qty),
    })),
  });
}

/** A payment left an invoice still owing. */
export function invoicePartlyPaid(world: World, invoice: Invoice): void {
  raise(world, 'after_invoicepartialpayment', idOnly(invoice.id));
}

/** A late fee was charged for an overdue invoice (the id of the invoice charged late). */
export function lateFeeCharged(world: World, invoice: Invoice): void {
  raise(world, 'after_invoicelatefee', idOnly(invoice.id));
}

/** A transaction was recorded. */
export function transactionAdded(world: World, tx: Transaction): void {
  raise(world, 'after_transactionadd', {
    client_id: tx.client_id,
    invoice_id: tx.invoice_id,
    module: tx.payment_module,
    date: tx.date,
    descr: tx.description,
    in: tx.in,
    fee: tx.fee,
    out: tx.out,
    trans_id: tx.trans_id,
    currency_id: tx.currency_id,
  });
}

/** An estimate was made. */
export function estimateCreated(world: World, estimate: Estimate): void {
  raise(world, 'after_estimatecreate', idOnly(estimate.id));
}

// ---------------------------------------------------------------- services

/** A service as its events carry it: the account row without its password. */
function serviceRow(account: Account): Record<string, unknown> {
  const { password: _password, ...row } = account;
  return row;
}

/** The server a service runs on, as its events carry it (empty when none). */
function serverRow(world: View, account: Account): Record<string, unknown> {
  const server = world.get('servers', account.server_id);
  if (!server) return {};
  const { password: _password, ...row } = server as unknown as Record<string, unknown>;
  return row;
}

/** What a service's module did: created, suspended, unsuspended or terminated (the account after the move). */
export function serviceMoved(world: World, account: Account, move: string): void {
  if (move === 'create' || move === 'terminate') {
    const event = move === 'create' ? 'after_accountcreate' : 'after_accountterminate';
    raise(world, event, { service: serviceRow(account), account_id: account.id, server: serverRow(world, account) });
  } else if (move === 'suspend') raise(world, 'after_accountsuspend', idOnly(account.id));
  else if (move === 'unsuspend') raise(world, 'after_accountunsuspend', idOnly(account.id));
}

/** A service moved to another product (the account after the change). */
export function packageChanged(world: World, account: Account): void {
  raise(world, 'after_accountchangepackage', { account: serviceRow(account) });
}

/**
 * A client asked to cancel a service (the customer's door files cancellation
 * requests; no Admin call does): the door calls this with the service's id and
 * the reason given, inside the mutation that records the request.
 */
export function cancellationRequested(world: View, accountId: string, reason: string): void {
  raise(world, 'after_cancellationrequest', { reason, acc_id: accountId });
}

// ---------------------------------------------------------------- domains

/** A domain was registered, renewed or transferred in. */
export function domainDone(world: World, domain: Domain, what: 'register' | 'renew' | 'transfer'): void {
  raise(world, `after_domain${what}`, { id: domain.id, name: domain.name });
}

// ---------------------------------------------------------------- tickets

/** A ticket was opened (by the client or by staff for a client). */
export function ticketOpened(world: World, ticket: Ticket): void {
  raise(world, 'after_ticketopen', {
    ticket_id: ticket.id,
    ticket_number: ticket.ticket_number,
    acc_hash: ticket.acc_hash,
    dept_id: ticket.dept_id,
    client_id: ticket.client_id,
    name: ticket.name,
    email: ticket.email,
    subject: ticket.subject,
    body: ticket.body,
    status: ticket.status,
  });
}

/** A reply was added to a ticket: after_ticketadminreply for staff's (with the ticket's number), after_ticketclientreply otherwise. */
export function ticketReplied(world: World, ticket: Ticket, reply: TicketReply): void {
  const fields = {
    id: reply.id,
    ticket_id: reply.ticket_id,
    replier_id: reply.replier_id,
    name: reply.name,
    email: reply.email,
    body: reply.body,
    type: reply.type,
    date: reply.date,
  };
  if (reply.type === 'Admin') raise(world, 'after_ticketadminreply', { ...fields, ticket_number: ticket.ticket_number });
  else raise(world, 'after_ticketclientreply', fields);
}
