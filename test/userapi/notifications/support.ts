// What the notification tests share: the bundled notifications as the door shows them.
export const BRUNO = 'bruno.keller@keller-maschinenbau.de';

/** Alice's (client 1) bundled notifications, fixtures/default/portal_notifications.json. */
export const ALICE_TICKET_NOTE = {
  id: '1',
  client_id: '1',
  rel_type: 'Ticket',
  rel_id: '814003',
  subject: 'New reply to ticket #814003',
  message: 'Support replied to your ticket "SSL warning on morgan-design.com".',
  date: '2026-10-05 10:03:11',
  read: '1',
};

export const ALICE_INVOICE_NOTE = {
  id: '2',
  client_id: '1',
  rel_type: 'Invoice',
  rel_id: '1',
  subject: 'New invoice #1',
  message: 'Invoice #1 for 15.10 USD is due on 2026-11-14.',
  date: '2026-11-07 00:00:00',
  read: '0',
};

/** Privileges for Tom (contact 10 of client 1) through the Admin API's editContactPermissions. */
export function privilegesOf(flags: Record<string, string[]>): Record<string, string> {
  const params: Record<string, string> = { id: '10' };
  for (const [section, keys] of Object.entries(flags)) for (const key of keys) params[`privileges[${section}][${key}]`] = '1';
  return params;
}
