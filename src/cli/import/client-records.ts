// A client's answers turned back into the world's records: getClientDetails,
// getAccountDetails, getDomainDetails, getInvoiceDetails, getTicketDetails and
// getOrderDetails each show one record's stored fields (plus names and counts
// joined in, left out here). What none shows gets billsim's "none". Pure.
import { listOf, recordOf } from './records.js';
import type { Row } from './types.js';

/** A client from getClientDetails' `client`; the password is set later (answers never show one). */
export function clientOf(details: Row): Row {
  return recordOf('clients', { howdidyou: '', cardnum: '', privileges: null, ...details, password: '' });
}

/** A contact from getClientContact's `client`, whose flags it shows as a number and a boolean. */
export function contactOf(details: Row): Row {
  const flag = (value: unknown) => (value === true || value === 1 || value === '1' ? '1' : '0');
  return recordOf('clients', {
    howdidyou: '',
    ...details,
    latefeeoveride: flag(details.latefeeoveride),
    overideduenotices: flag(details.overideduenotices),
    password: '',
  });
}

/** A service's addon from getAccountAddons' item; its start and gateway, which the item leaves out, are the service's. */
export function accountAddonOf(item: Row, account: Row): Row {
  return recordOf('account_addons', {
    ...item,
    account_id: account.id,
    date_created: account.date_created,
    payment_module: account.payment_module,
  });
}

/** A transaction from getTransactionDetails' `transaction` (its gateway id under `module`). */
export function transactionOf(details: Row): Row {
  return recordOf('transactions', { ...details, payment_module: details.module });
}

/** A service from getAccountDetails' `details`; its IP addresses are shown by no read call of a service. */
export function accountOf(details: Row): Row {
  return recordOf('accounts', { ...details, ip: '', additional_ip: [] });
}

/** A domain from getDomainDetails' `details`, which leaves out its currency: the client's. */
export function domainOf(details: Row, client: Row | undefined): Row {
  return recordOf('domains', { ...details, currency_id: client?.currency_id ?? '0' });
}

/** An invoice from getInvoiceDetails' `invoice` (its lines are stored as shown). */
export function invoiceOf(invoice: Row): Row {
  return recordOf('invoices', { ...invoice, items: listOf(invoice.items).map((item) => ({ ...item })) });
}

/** An order from getOrderDetails' `details` (null for no fraud module is stored as ""). */
export function orderOf(details: Row): Row {
  return recordOf('orders', {
    ...details,
    fraudmodule: details.fraudmodule ?? '',
    upgrades: listOf(details.upgrades),
    // Absent and [] mean the same; only an orderConfigUpgrade order stores the field.
    fieldupgrades: listOf(details.fieldupgrades).length > 0 ? listOf(details.fieldupgrades) : undefined,
  });
}

/**
 * A ticket, its replies and notes from getTicketDetails; files go back to the
 * message they came with. No read call shows a ticket's request type or
 * owner: they are "General" (addTicket's default) and "0" (nobody).
 */
export function ticketOf(answer: Row): { ticket: Row; replies: Row[]; notes: Row[] } {
  const files = listOf(answer.attachments);
  const filesOf = (replyId: string) =>
    files.filter((f) => String(f.reply_id) === replyId).map((f) => ({ filename: f.filename, size: f.size }));
  const ticket = recordOf('tickets', { request_type: 'General', owner_id: '0', ...(answer.ticket as Row), attachments: filesOf('0') });
  const replies = listOf(answer.replies).map((r) => recordOf('ticket_replies', { ...r, attachments: filesOf(String(r.id)) }));
  const notes = listOf(answer.notes).map((n) => recordOf('ticket_notes', n));
  return { ticket, replies, notes };
}
