// The support desk: ticket numbers, statuses and what a reply does to them,
// attachments (names and sizes, never content), and tickets as the list and
// detail calls show them. Calls name a ticket by its 6-digit number; replies
// and notes point at the internal id.
import type { View, World } from '../store/world.js';
import type {
  Admin,
  GetTicketDetailsResult,
  Ticket,
  TicketAttachment,
  TicketAuthorType,
  TicketDept,
  TicketListItem,
  TicketReply,
  TicketRequestType,
  TicketStatus,
} from '../generated/wire.js';
import { fail, messages, notFound } from '../errors.js';
import { API_ADMIN_ID } from './credit.js';
import { ZERO_DATETIME, formatDateTime, parseDateTime } from '../lib/dates.js';
import { DAY_COMPARE, type DateOp, containsText, oldestFirst } from '../lib/lists.js';
import { base64Size, isFileName } from '../lib/files.js';
import { clientNames, pick } from './views.js';
import { countReplyUses } from './predefinedReplies.js';
import { notifyTicketReply } from './notifications.js';
import { ticketOpened, ticketReplied } from './events.js';

export const TICKET_STATUSES: readonly TicketStatus[] = ['Open', 'Answered', 'Client-Reply', 'In-Progress', 'Closed'];

/** The statuses getTickets' `filter[list]` picks. */
export const TICKET_LISTS: Record<string, TicketStatus | undefined> = {
  all: undefined,
  open: 'Open',
  'client-reply': 'Client-Reply',
  'in-progress': 'In-Progress',
  answered: 'Answered',
  closed: 'Closed',
};

const NUMBER_SPAN = 900_000;
// Coprime to the span (not a multiple of 2, 3 or 5), so distinct ids below the span never share a number.
const NUMBER_STEP = 337_621;
const NUMBER_OFFSET = 376_382;

/** The 6-digit ticket number: a function of the id alone, so a replayed session gets the same numbers. */
export function ticketNumber(id: string): string {
  return String(100_000 + ((Number(id) * NUMBER_STEP + NUMBER_OFFSET) % NUMBER_SPAN));
}

const HASH_SPAN = 36n ** 6n;
// A prime, so coprime to 36^6: every id below the span gets its own key.
const HASH_STEP = 2_654_435_761n;

/** The ticket's client-area key: 6 lower-case letters and digits, a function of the id like the number. */
export function accHash(id: string): string {
  return ((BigInt(id) * HASH_STEP + 12_345n) % HASH_SPAN).toString(36).padStart(6, '0');
}

/** The ticket numbered `number` (the 6-digit number, not the internal id), through an index. */
export function requireTicket(world: View, number: string): Ticket {
  return world.where('tickets', 'ticket_number', number)[0] ?? fail(messages.ticketNotFound(number));
}

/** Department `id`, or the first department when none is named. */
export function ticketDept(world: View, id?: string): TicketDept {
  if (id !== undefined) return world.get('ticket_depts', id) ?? notFound('Ticket department', id);
  return oldestFirst(world.all('ticket_depts'))[0] ?? fail(messages.noTicketDept());
}

/**
 * A new support department, visible to clients, assigned to every Active admin
 * (addTicketDept names no staff, and a department nobody answers is no use).
 * The name and email are checked together, with the vendor's published messages.
 */
export function newTicketDept(world: View, name = '', email = ''): TicketDept {
  const problems = [...(email.trim() ? [] : [messages.deptEmailEmpty()]), ...(name.trim() ? [] : [messages.deptNameEmpty()])];
  if (problems.length > 0) fail(problems);
  const staff = world.all('admins').filter((admin) => admin.status === 'Active');
  return {
    id: world.nextId('ticket_depts'),
    name,
    description: '',
    email,
    visible: '1',
    assigned_admins: Object.fromEntries(staff.map((admin) => [admin.id, admin.id])),
  };
}

export function requireAdmin(world: View, id: string): Admin {
  return world.get('admins', id) ?? notFound('Admin', id);
}

const fullName = (person: { firstname: string; lastname: string }) => `${person.firstname} ${person.lastname}`.trim();

/**
 * The files of `attachments[<file name>]=<base64 content>`: each name with the
 * size of its decoded content in bytes. The content itself goes no further.
 */
export function readAttachments(given: Record<string, string> = {}): TicketAttachment[] {
  return Object.entries(given).map(([filename, content]) => {
    if (!isFileName(filename)) fail(messages.attachmentName(filename));
    const size = base64Size(content) ?? fail(messages.attachmentNotBase64(filename));
    return { filename, size: String(size) };
  });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, ... 21st. */
export function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * How getTickets shows a ticket's last reply, seen from `now`: "N minutes ago"
 * (at least 1) or "N hours ago" within a day, "1 day ago" / "N days ago"
 * within a week, else month and ordinal day ("Nov 16th"), as published.
 */
export function lastReplyText(lastreply: string, now: Date): string {
  const at = parseDateTime(lastreply);
  if (!at) return lastreply;
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 60) return plural(Math.max(1, minutes), 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 7) return plural(days, 'day');
  return `${MONTHS[at.getUTCMonth()]} ${ordinal(at.getUTCDate())}`;
}

function deptName(world: View, deptId: string): string {
  return world.get('ticket_depts', deptId)?.name ?? '';
}

/** A ticket as getTickets and getClientTickets list it, keys in the published order. */
export function ticketItem(world: View, ticket: Ticket, now: Date): TicketListItem {
  const { firstname, lastname } = clientNames(world, ticket.client_id);
  return {
    ...pick(ticket, ['admin_read', 'id', 'type'] as const),
    firstname,
    lastname,
    date: ticket.date,
    lastreply: lastReplyText(ticket.lastreply, now),
    ...pick(ticket, ['dept_id', 'name', 'client_id', 'status', 'ticket_number'] as const),
    tsubject: `#${ticket.ticket_number} - ${ticket.subject}`,
    deptname: deptName(world, ticket.dept_id),
    priority: ticket.priority,
    notes: String(world.where('ticket_notes', 'ticket_id', ticket.id).length),
  };
}

const TICKET_KEYS = [
  'id',
  'date',
  'lastreply',
  'ticket_number',
  'acc_hash',
  'dept_id',
  'client_id',
  'name',
  'email',
  'cc',
  'subject',
  'body',
  'status',
  'priority',
  'admin_read',
  'client_read',
  'type',
] as const;
const REPLY_KEYS = ['id', 'ticket_id', 'replier_id', 'name', 'email', 'date', 'body', 'status', 'type'] as const;
const NOTE_KEYS = ['id', 'ticket_id', 'admin_id', 'name', 'email', 'date', 'note'] as const;

/** getTicketDetails' answer: the ticket, its replies, every file sent with either, and its notes, oldest first. */
export function ticketDetails(world: View, ticket: Ticket): GetTicketDetailsResult {
  const replies = oldestFirst(world.where('ticket_replies', 'ticket_id', ticket.id));
  const files = (replyId: string, list: readonly TicketAttachment[]) =>
    list.map(({ filename, size }) => ({ ticket_id: ticket.id, reply_id: replyId, filename, size }));
  return {
    // Keys set on the picked object, not a spread of it then more keys (src/domain/README.md): 2.2 µs against 0.3.
    ticket: Object.assign(pick(ticket, TICKET_KEYS), { deptname: deptName(world, ticket.dept_id), viewtime: ticket.viewtime }),
    replies: replies.map((reply) => pick(reply, REPLY_KEYS)),
    attachments: [...files('0', ticket.attachments), ...replies.flatMap((reply) => files(reply.id, reply.attachments))],
    notes: oldestFirst(world.where('ticket_notes', 'ticket_id', ticket.id)).map((note) => pick(note, NOTE_KEYS)),
  };
}

export interface NewTicket {
  dept: TicketDept;
  /** "0" for a guest. */
  clientId: string;
  name: string;
  email: string;
  cc: string;
  subject: string;
  body: string;
  status: TicketStatus;
  priority: Ticket['priority'];
  requestType: TicketRequestType;
  ownerId: string;
  /** Opened by the client (type Client) rather than by staff (type Admin). */
  asClient: boolean;
  attachments: TicketAttachment[];
}

/** A ticket record with the next id, its number and key; the caller inserts it. Staff who open a ticket have read it. */
export function newTicket(world: View, spec: NewTicket, now: Date): Ticket {
  const id = world.nextId('tickets');
  const date = formatDateTime(now);
  return {
    id,
    date,
    lastreply: date,
    ticket_number: ticketNumber(id),
    acc_hash: accHash(id),
    dept_id: spec.dept.id,
    client_id: spec.clientId,
    name: spec.name,
    email: spec.email,
    cc: spec.cc,
    subject: spec.subject,
    body: spec.body,
    status: spec.status,
    priority: spec.priority,
    admin_read: spec.asClient ? '0' : '1',
    client_read: spec.asClient ? '1' : '0',
    type: spec.asClient ? 'Client' : 'Admin',
    request_type: spec.requestType,
    owner_id: spec.ownerId,
    viewtime: spec.asClient ? ZERO_DATETIME : date,
    attachments: spec.attachments,
  };
}

interface Author {
  id: string;
  name: string;
  email: string;
}

/**
 * Who writes a reply: staff are an admin (admin 1 unless named); a client reply
 * comes from the ticket's client (the default) or one of its contacts, and on a
 * guest's ticket from the guest, named as the ticket is.
 */
function author(world: View, ticket: Ticket, type: TicketAuthorType, replierId?: string): Author {
  if (type === 'Admin') {
    const id = replierId ?? API_ADMIN_ID;
    const admin = world.get('admins', id) ?? fail(messages.staffReplierNotFound(id));
    return { id, name: fullName(admin), email: admin.email };
  }
  if (replierId === undefined) {
    const client = world.get('clients', ticket.client_id);
    return client ? { id: client.id, name: fullName(client), email: client.email } : { id: '0', name: ticket.name, email: ticket.email };
  }
  const client = world.get('clients', replierId) ?? notFound('Client', replierId);
  const own = ticket.client_id !== '0' && (client.id === ticket.client_id || client.parent_id === ticket.client_id);
  if (!own) fail(messages.replierNotOfTicket(replierId, ticket.ticket_number, ticket.client_id));
  return { id: client.id, name: fullName(client), email: client.email };
}

export interface NewReply {
  type: TicketAuthorType;
  replierId?: string;
  body: string;
  /** The status to leave the ticket in instead of the one the reply implies. */
  statusChange?: TicketStatus;
  attachments: TicketAttachment[];
}

/** The status a reply leaves: staff answered it, or the client wrote back (which reopens a Closed ticket). */
export function statusAfterReply(type: TicketAuthorType, statusChange?: TicketStatus): TicketStatus {
  return statusChange ?? (type === 'Admin' ? 'Answered' : 'Client-Reply');
}

/** Stores a new ticket (newTicket builds it) and raises after_ticketopen. */
export function insertTicket(world: World, ticket: Ticket): Ticket {
  const stored = world.insert('tickets', ticket);
  ticketOpened(world, stored);
  return stored;
}

/** Adds a reply (checking its author first) and moves the ticket: status, lastreply, who has read it. */
export function addReply(world: World, ticket: Ticket, spec: NewReply, now: Date): { ticket: Ticket; reply: TicketReply } {
  const by = author(world, ticket, spec.type, spec.replierId);
  const date = formatDateTime(now);
  const staff = spec.type === 'Admin';
  const reply = world.insert('ticket_replies', {
    id: world.nextId('ticket_replies'),
    ticket_id: ticket.id,
    replier_id: by.id,
    name: by.name,
    email: by.email,
    date,
    body: spec.body,
    status: 'Sent',
    type: spec.type,
    attachments: spec.attachments,
  });
  if (staff) countReplyUses(world, spec.body);
  const moved = world.replace('tickets', {
    ...ticket,
    status: statusAfterReply(spec.type, spec.statusChange),
    lastreply: date,
    admin_read: staff ? '1' : '0',
    client_read: staff ? '0' : '1',
    viewtime: staff ? date : ticket.viewtime,
  });
  // Staff answers reach the client's portal whether or not an e-mail goes too.
  if (staff) notifyTicketReply(world, moved, now);
  ticketReplied(world, moved, reply);
  return { ticket: moved, reply };
}

/** A staff note on a ticket, written by `admin`. */
export function addNote(world: World, ticket: Ticket, admin: Admin, note: string, now: Date): void {
  world.insert('ticket_notes', {
    id: world.nextId('ticket_notes'),
    ticket_id: ticket.id,
    admin_id: admin.id,
    name: fullName(admin),
    email: admin.email,
    date: formatDateTime(now),
    note,
  });
}

/** Removes a ticket with its replies and notes. */
export function removeTicket(world: World, ticket: Ticket): void {
  for (const reply of [...world.where('ticket_replies', 'ticket_id', ticket.id)]) world.remove('ticket_replies', reply.id);
  for (const note of [...world.where('ticket_notes', 'ticket_id', ticket.id)]) world.remove('ticket_notes', note.id);
  world.remove('tickets', ticket.id);
}

/** The filters getTickets and getClientTickets share; an empty value is no filter. */
export interface TicketFilter {
  status?: TicketStatus;
  dept_id?: string;
  ticket_number?: string;
  name?: string;
  email?: string;
  body?: string;
  request_type?: string;
  owner_id?: string;
  admin_read?: string;
  date?: string;
}

export type { DateOp };

/** One check per filter given: texts match any part case-insensitively, ids and flags exactly, the date by the day opened. */
export function ticketChecks(f: TicketFilter, dateOp: DateOp = '='): Array<(ticket: Ticket) => boolean> {
  const checks: Array<(ticket: Ticket) => boolean> = [];
  const exact = ['status', 'dept_id', 'request_type', 'owner_id', 'admin_read'] as const;
  for (const key of exact) {
    const wanted = f[key];
    if (wanted) checks.push((ticket) => ticket[key] === wanted);
  }
  const texts = ['ticket_number', 'name', 'email', 'body'] as const;
  for (const key of texts) {
    const wanted = f[key];
    if (wanted) checks.push((ticket) => containsText(ticket[key], wanted));
  }
  const day = f.date;
  if (day) {
    if (!parseDateTime(day)) fail(messages.paramInvalid('filter[date]', 'a date as YYYY-MM-DD'));
    const compare = DAY_COMPARE[dateOp];
    checks.push((ticket) => compare(ticket.date.slice(0, 10), day));
  }
  return checks;
}

/** The numeric priority tickets keep for each name setTicketPriority takes ("3", above High, only addTicket sets). */
export const PRIORITY_LEVELS = { Low: '0', Medium: '1', High: '2' } as const satisfies Record<string, Ticket['priority']>;

/** The ticket at the priority named; the same ticket when it is there already. */
export function withPriority(ticket: Ticket, name: keyof typeof PRIORITY_LEVELS): Ticket {
  const priority = PRIORITY_LEVELS[name];
  return ticket.priority === priority ? ticket : { ...ticket, priority };
}
