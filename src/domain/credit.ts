// A client's credit balance and its log: every change goes through addCredit or
// takeCredit, which write the log entry and the client's `credit` together, so
// the newest entry's balance is always the client's credit and it never goes
// below 0.00.
import type { Client, CreditLogEntry, CreditLogItem } from '../generated/wire.js';
import { fail, messages } from '../errors.js';
import type { View, World } from '../store/world.js';
import { formatDateTime } from '../lib/dates.js';
import { lineDate } from './invoiceLines.js';
import { formatCents, toCents, withinRange } from './money.js';
import { clientNames } from './views.js';

/** The admin a change requested through the API is logged under; "0" marks billsim's own automation. */
export const API_ADMIN_ID = '1';
export const AUTOMATION_ADMIN_ID = '0';

export interface CreditChange {
  description: string;
  invoice_id?: string;
  transaction_id?: string;
  transid?: string;
  admin_id?: string;
}

function logChange(world: World, client: Client, inCents: number, outCents: number, change: CreditChange, now: Date): Client {
  const balance = withinRange(toCents(client.credit) + inCents - outCents, `The credit balance of client ${client.id}`);
  world.insert('credit_log', {
    id: world.nextId('credit_log'),
    date: formatDateTime(now),
    client_id: client.id,
    in: formatCents(inCents),
    out: formatCents(outCents),
    balance: formatCents(balance),
    description: change.description,
    invoice_id: change.invoice_id ?? '0',
    transaction_id: change.transaction_id ?? '0',
    admin_id: change.admin_id ?? API_ADMIN_ID,
    currency_id: client.currency_id,
    transid: change.transid ?? '',
  });
  return world.replace('clients', { ...client, credit: formatCents(balance) });
}

/** Adds `cents` (in the client's currency, more than 0) to the client's credit. */
export function addCredit(world: World, client: Client, cents: number, change: CreditChange, now: Date): Client {
  return logChange(world, client, cents, 0, change, now);
}

/** Takes `cents` from the client's credit, refused (changing nothing) when the client has less. */
export function takeCredit(world: World, client: Client, cents: number, change: CreditChange, now: Date): Client {
  if (cents > toCents(client.credit)) fail(messages.creditTooLow(client.id, client.credit, formatCents(cents)));
  return logChange(world, client, 0, cents, change, now);
}

/** A getClientCreditLog entry: the stored fields in the published order, names joined in, and `data_edit` as the edit form shows it. */
export function creditLogItem(world: View, entry: CreditLogEntry): CreditLogItem {
  const { firstname, lastname } = clientNames(world, entry.client_id);
  const admin = world.get('admins', entry.admin_id);
  return {
    id: entry.id,
    date: entry.date,
    client_id: entry.client_id,
    in: entry.in,
    out: entry.out,
    balance: entry.balance,
    description: entry.description,
    invoice_id: entry.invoice_id,
    transaction_id: entry.transaction_id,
    admin_id: entry.admin_id,
    admin_name: admin?.username ?? '',
    firstname,
    lastname,
    currency_id: entry.currency_id,
    transid: entry.transid,
    data_edit: {
      id: entry.id,
      date: lineDate(entry.date),
      client_id: entry.client_id,
      in: entry.in,
      out: entry.out,
      balance: entry.balance,
      description: entry.description,
      transaction_id: entry.transaction_id,
      invoice_id: entry.invoice_id,
    },
  };
}
