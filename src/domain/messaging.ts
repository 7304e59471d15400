// Messages staff send by hand (sendMessage) and mobile notifications: recorded
// in the outbox like every e-mail the billing rules send, never sent. The
// outbox keeps who, what about and which template, not bodies.
import type { Client, Email } from '../generated/wire.js';
import type { World } from '../store/world.js';
import { fail, messages } from '../errors.js';
import { recordEmail } from './outbox.js';

/** The outbox template of a mobile notification, to a client or to staff. */
export const MOBILE_TEMPLATE = 'Mobile Notification';

export interface MessageSpec {
  subject?: string;
  body?: string;
  template?: string;
  /** Addresses separated by `;`. */
  to?: string;
  client?: Client;
  emailOverride?: string;
}

/** What sendMessage lacks: subject and body unless a template stands in, and a recipient. Every problem at once. */
export function messageProblems(spec: MessageSpec): string[] {
  const untemplated = spec.template === undefined;
  return [
    ...(untemplated && !spec.subject ? [messages.paramRequiredFor('subject', 'when no template is given')] : []),
    ...(untemplated && !spec.body ? [messages.paramRequiredFor('body', 'when no template is given')] : []),
    ...(spec.to === undefined && !spec.client ? [messages.paramRequiredFor('to', 'when no client_id is given')] : []),
  ];
}

/** The addresses a message goes to: `to`'s, else the client's (or the override the caller gave for it). */
export function recipients(spec: MessageSpec): string[] {
  if (spec.to !== undefined) {
    return spec.to
      .split(';')
      .map((address) => address.trim())
      .filter(Boolean);
  }
  return spec.client ? [spec.emailOverride ?? spec.client.email] : [];
}

/** Records sendMessage's message, one outbox entry per address; refuses first when something is missing. */
export function recordMessage(world: World, spec: MessageSpec, now: Date): Email[] {
  const problems = messageProblems(spec);
  if (problems.length > 0) fail(problems);
  const template = spec.template === undefined ? 'Custom Message' : `Template #${spec.template}`;
  const subject = spec.subject || template;
  const clientId = spec.client?.id ?? '0';
  return recipients(spec).map((to) => recordEmail(world, { to, subject, template, clientId }, now));
}

/** A mobile notification to a client, at the address the client signs in with (billsim keeps no devices). */
export function notifyClient(world: World, client: Client, subject: string, now: Date): Email {
  return recordEmail(world, { to: client.email, subject, template: MOBILE_TEMPLATE, clientId: client.id }, now);
}

/** A mobile notification to every Active admin, one outbox entry each, in id order. */
export function notifyStaff(world: World, subject: string, now: Date): Email[] {
  const staff = world.all('admins').filter((admin) => admin.status === 'Active');
  return staff.map((admin) =>
    recordEmail(world, { to: admin.email, subject, template: MOBILE_TEMPLATE, clientId: '0', related: { admin_id: admin.id } }, now),
  );
}
