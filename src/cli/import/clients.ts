// The `--clients N` walk: the first N clients getClients lists (newest first,
// as the API lists them), each with its contacts, services and their addons,
// domains, invoices, transactions and tickets, and the orders those name. Anonymized unless asked not to; every
// password is the bundled world's client password.
import type { ImportConfig } from '../import-options.js';
import { accountAddonOf, accountOf, clientOf, contactOf, domainOf, invoiceOf, orderOf, ticketOf, transactionOf } from './client-records.js';
import { anonymize } from './anonymize.js';
import { listOf } from './records.js';
import { allPages } from './pages.js';
import type { Reader, Row } from './types.js';

/** The details of each id, each read once however often it is named. */
const detailsOf = async (reader: Reader, call: string, ids: readonly string[], key: string): Promise<Row[]> =>
  (await Promise.all([...new Set(ids)].map((id) => reader.read(call, { id }))))
    .map((answer) => (key === '' ? answer : (answer?.[key] as Row | undefined)))
    .filter((row): row is Row => row !== undefined);

const idsOf = (rows: readonly Row[]) => rows.map((row) => String(row.id));

async function oneClient(reader: Reader, id: string) {
  const [details, accounts, domains, invoices, tickets, transactions] = await Promise.all([
    reader.read('getClientDetails', { id }),
    allPages(reader, 'getClientAccounts', { id }, 'accounts'),
    allPages(reader, 'getClientDomains', { id }, 'domains'),
    allPages(reader, 'getClientInvoices', { id }, 'invoices'),
    allPages(reader, 'getClientTickets', { id }, 'tickets'),
    allPages(reader, 'getClientTransactions', { id }, 'transactions'),
  ]);
  const client = details?.client as Row | undefined;
  if (!client) return undefined;
  // getTicketDetails takes the ticket's number, not its id.
  const ticketNumbers = tickets.map((t) => String(t.ticket_number));
  const [contacts, accountRows, domainRows, invoiceRows, ticketAnswers, transactionRows] = await Promise.all([
    detailsOf(reader, 'getClientContact', idsOf(listOf(client.contacts)), 'client'),
    detailsOf(reader, 'getAccountDetails', idsOf(accounts), 'details'),
    detailsOf(reader, 'getDomainDetails', idsOf(domains), 'details'),
    detailsOf(reader, 'getInvoiceDetails', idsOf(invoices), 'invoice'),
    detailsOf(reader, 'getTicketDetails', ticketNumbers, ''),
    detailsOf(reader, 'getTransactionDetails', idsOf(transactions), 'transaction'),
  ]);
  const addons = await Promise.all(
    accountRows.map(async (account) => {
      const answer = await reader.read('getAccountAddons', { id: String(account.id) });
      return listOf(answer?.account_addons).map((item) => accountAddonOf(item, account));
    }),
  );
  const record = clientOf(client);
  return {
    client: record,
    contacts: contacts.map(contactOf),
    accounts: accountRows.map(accountOf),
    account_addons: addons.flat(),
    domains: domainRows.map((d) => domainOf(d, record)),
    invoices: invoiceRows.map(invoiceOf),
    transactions: transactionRows.map(transactionOf),
    tickets: ticketAnswers.map(ticketOf),
  };
}

/** The clients' collections, ready to write. `bundled` gives the password every client gets. */
export async function readClients(
  reader: Reader,
  config: Pick<ImportConfig, 'clients' | 'anonymize'>,
  bundled: Record<string, Row[]>,
): Promise<Record<string, Row[]>> {
  const listed = await allPages(reader, 'getClients', {}, 'clients', config.clients);
  const found = (await Promise.all(idsOf(listed).map((id) => oneClient(reader, id)))).filter((c) => c !== undefined);
  const byId = (rows: Row[]) => rows.sort((a, b) => Number(a.id) - Number(b.id));
  const data: Record<string, Row[]> = {
    clients: byId(found.flatMap((c) => [c.client, ...c.contacts])),
    accounts: byId(found.flatMap((c) => c.accounts)),
    account_addons: byId(found.flatMap((c) => c.account_addons)),
    transactions: byId(found.flatMap((c) => c.transactions)),
    domains: byId(found.flatMap((c) => c.domains)),
    invoices: byId(found.flatMap((c) => c.invoices)),
    tickets: byId(found.flatMap((c) => c.tickets.map((t) => t.ticket))),
    ticket_replies: byId(found.flatMap((c) => c.tickets.flatMap((t) => t.replies))),
    ticket_notes: byId(found.flatMap((c) => c.tickets.flatMap((t) => t.notes))),
  };
  const orderIds = new Set([...data.accounts, ...data.domains].map((row) => String(row.order_id)).filter((id) => id !== '0' && id !== ''));
  data.orders = byId((await detailsOf(reader, 'getOrderDetails', [...orderIds], 'details')).map(orderOf));
  const out = config.anonymize ? anonymize(data) : data;
  const password = bundled.clients?.find((c) => typeof c.password === 'string' && c.password !== '')?.password ?? '';
  out.clients = out.clients.map((c) => ({ ...c, password }));
  return out;
}
