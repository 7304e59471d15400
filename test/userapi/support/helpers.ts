// People of the bundled world the support tests use.
export const BRUNO = 'bruno.keller@keller-maschinenbau.de';
/** Bruno's contact Sabine (client 11): support.newticket and support.tickets, not support.closeticket. */
export const SABINE = 's.vogel@keller-maschinenbau.de';
/** Alice's Closed ticket, with a file on its opening message. */
export const ALICES_TICKET = '814003';
/** Bruno's Answered ticket. */
export const BRUNOS_TICKET = '251624';

export const lacks = (id: string, privilege: string) =>
  `Contact ${id} may not do this: it needs the privilege ${privilege} (the client grants it with PUT /api/contact/${id} or editContactPermissions)`;
