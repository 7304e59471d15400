// Client accounts and their contacts, cards on file and staff logins. A contact
// is a client record whose parent_id names its main client ("0" for a main client).
import { ApiError, type Checks, fail, messages, notFound } from '../errors.js';
import type { CollectionName, RecordOf, View, World } from '../store/world.js';
import type { Client, ClientCard, ContactPrivileges, ContactPrivilegesParam } from '../generated/wire.js';
import { removeTicket } from './tickets.js';
import { forgetOrderReferral, removeAffiliateOf } from './affiliates.js';
import { removeDomainRecords } from './domainRecords.js';
import { ZERO_DATETIME, formatDate } from '../lib/dates.js';
import { MAIN_CURRENCY_ID, requireCurrency } from './currencies.js';
import { clientAdded } from './events.js';
import { recordEmail } from './outbox.js';

export const MAIN_PARENT_ID = '0';

/** What setClientDetails and setContactDetails answer alike (the published samples say "Client" for a contact too). */
export const DETAILS_UPDATED = 'Client details updated';

export function requireClient(world: View, id: string): Client {
  return world.get('clients', id) ?? notFound('Client', id);
}

/** A main client; a contact is refused, `instead(parentId)` saying what to do. */
export function requireMainClient(world: View, id: string, instead: (parentId: string) => string): Client {
  const client = requireClient(world, id);
  if (client.parent_id !== MAIN_PARENT_ID) fail(messages.isContact(client.id, client.parent_id, instead(client.parent_id)));
  return client;
}

/** A contact; a main client is refused, `instead` saying what to do. */
export function requireContact(world: View, id: string, instead: string): Client {
  const contact = world.get('clients', id) ?? notFound('Contact', id);
  if (contact.parent_id === MAIN_PARENT_ID) fail(messages.isMainClient(contact.id, instead));
  return contact;
}

/** Contacts as getClientContacts lists them (and getClientDetails embeds them): oldest first. */
export function contactItems(world: View, clientId: string) {
  return [...world.where('clients', 'parent_id', clientId)]
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map(({ id, firstname, lastname, datecreated, email, privileges }) => ({ id, firstname, lastname, datecreated, email, privileges }));
}

// The flags that grant a privilege: the vendor's 1, a query-string library's
// rendering of a JSON true, and an HTML checkbox's default value. The request
// schema admits 0, false, off and "" as well; they grant nothing.
const GRANTED = new Set(['1', 'true', 'on']);

/**
 * A contact's privileges from the flags a request gives (keys checked by the
 * request schema): each granted key stored as "1", in the order given, sections
 * with nothing granted left out, and PHP's empty array when nothing is granted.
 */
export function grantedPrivileges(given: ContactPrivilegesParam = {}): ContactPrivileges | [] {
  const privileges: Record<string, Record<string, '1'>> = {};
  for (const [section, flags] of Object.entries(given)) {
    const keys = Object.entries<string>(flags ?? {}).filter(([, flag]) => GRANTED.has(flag));
    if (keys.length > 0) privileges[section] = Object.fromEntries(keys.map(([key]) => [key, '1']));
  }
  return Object.keys(privileges).length > 0 ? (privileges as ContactPrivileges) : [];
}

/** The fields of a new contact, as addClientContact and POST /api/contact take them. */
export interface NewContactFields {
  email: string;
  firstname: string;
  lastname: string;
  companyname?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  postcode?: string;
  country?: string;
  phonenumber?: string;
  privileges?: ContactPrivilegesParam;
}

/**
 * Adds a contact under `main` (undefined when the caller's own check of it
 * refused): the country and the e-mail are checked into `checks` beside the
 * caller's checks, every problem in one answer, before anything is written.
 * `password` makes the stored hash from the new id (salted by id and e-mail).
 */
export function addContact(
  world: World,
  checks: Checks,
  main: Client | undefined,
  p: NewContactFields,
  password: (id: string) => string,
  now: Date,
): Client {
  const countryFound = checks.value(() => (p.country ? countryCode(p.country) : ''));
  checks.pass(() => (emailInUse(world, p.email) ? fail(messages.emailInUse(p.email)) : undefined));
  const settled = checks.settle({ main, country: countryFound });
  const id = world.nextId('clients');
  return world.insert('clients', {
    id,
    email: p.email,
    lastlogin: ZERO_DATETIME,
    ip: '',
    host: '',
    status: 'Active',
    parent_id: settled.main.id,
    firstname: p.firstname,
    lastname: p.lastname,
    companyname: p.companyname ?? '',
    address1: p.address1 ?? '',
    address2: p.address2 ?? '',
    city: p.city ?? '',
    state: p.state ?? '',
    postcode: p.postcode ?? '',
    country: settled.country,
    phonenumber: p.phonenumber ?? '',
    datecreated: formatDate(now),
    notes: '',
    language: settled.main.language,
    company: p.companyname ? '1' : '0',
    credit: '0.00',
    taxexempt: '0',
    latefeeoveride: '0',
    overideduenotices: '0',
    // Every client record names itself in client_id, contacts included.
    client_id: id,
    cardnum: '',
    currency_id: settled.main.currency_id,
    privileges: grantedPrivileges(p.privileges),
    howdidyou: '',
    password: password(id),
  });
}

/** What addClient and POST /api/signup answer beside the new client's id (the published sample's words). */
export const CLIENT_CREATED = 'New client account created';

/** The fields of a new main client, as addClient and POST /api/signup take them. */
export interface NewClientFields {
  email: string;
  password: string;
  /** When given, it must repeat password. */
  password2?: string;
  firstname?: string;
  lastname?: string;
  companyname?: string;
  type?: 'Private' | 'Company';
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  postcode?: string;
  country?: string;
  phonenumber?: string;
  language?: string;
  status?: Client['status'];
  currency_id?: string;
}

/** A new client's fields as the world judges them; a field absent (or malformed, so left out by the caller) is not judged. */
export interface NewClientCheck {
  email?: string;
  password?: string;
  password2?: string;
  country?: string;
  currency_id?: string;
}

/**
 * What the world refuses of a new client's fields, every problem at once:
 * passwords that differ, an unknown country, a currency that does not exist,
 * an e-mail a client or contact already uses. The one check of a new client,
 * for addClient and for the sign-up's malformed input alike.
 */
export function newClientProblems(world: View, p: NewClientCheck): string[] {
  const checks = [
    () => (p.password2 !== undefined && p.password !== p.password2 ? fail(messages.passwordsDiffer()) : undefined),
    () => (p.country ? countryCode(p.country) : undefined),
    () => (p.currency_id === undefined ? undefined : requireCurrency(world, p.currency_id)),
    () => (p.email !== undefined && emailInUse(world, p.email) ? fail(messages.emailInUse(p.email)) : undefined),
  ];
  return checks.flatMap((check) => {
    try {
      check();
      return [];
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return error.messages;
    }
  });
}

/**
 * Adds a main client (addClient, POST /api/signup): the passwords, the country,
 * the currency and the e-mail are checked into `checks`, every problem in one
 * answer, before anything is written. after_clientadded is raised; `notify`
 * records HostBill's "Details:Signup" welcome message in the outbox.
 * `password` makes the stored hash from the new id (salted by id and e-mail).
 */
export function addClient(
  world: World,
  checks: Checks,
  p: NewClientFields,
  options: { password: (id: string) => string; notify: boolean; now: Date },
): Client {
  for (const problem of newClientProblems(world, p)) checks.pass(() => fail(problem));
  checks.settle();
  const settled = { country: p.country ? countryCode(p.country) : '', currency: p.currency_id ?? MAIN_CURRENCY_ID };
  const id = world.nextId('clients');
  const companyname = p.companyname ?? '';
  const client = world.insert('clients', {
    id,
    email: p.email,
    lastlogin: ZERO_DATETIME,
    ip: '',
    host: '',
    status: p.status ?? 'Active',
    parent_id: MAIN_PARENT_ID,
    firstname: p.firstname ?? '',
    lastname: p.lastname ?? '',
    companyname,
    address1: p.address1 ?? '',
    address2: p.address2 ?? '',
    city: p.city ?? '',
    state: p.state ?? '',
    postcode: p.postcode ?? '',
    country: settled.country,
    phonenumber: p.phonenumber ?? '',
    datecreated: formatDate(options.now),
    notes: '',
    language: p.language ?? 'english',
    company: companyFlag(p.type, companyname),
    credit: '0.00',
    taxexempt: '0',
    latefeeoveride: '0',
    overideduenotices: '0',
    client_id: id,
    cardnum: '',
    currency_id: settled.currency,
    privileges: null,
    howdidyou: '',
    password: options.password(id),
  });
  clientAdded(world, client);
  if (options.notify) {
    // HostBill's "Details:Signup" template: the welcome message with the client area login.
    recordEmail(
      world,
      { to: client.email, subject: 'Your client area login details', template: 'Details:Signup', clientId: id },
      options.now,
    );
  }
  return client;
}

/** A contact with the profile fields given changed and, when privileges are given, its set replaced as a whole (setContactDetails, PUT /api/contact/{id}). */
export function editContact(world: World, contact: Client, changes: ProfileChanges & { privileges?: ContactPrivilegesParam }): Client {
  const edited = editedProfile(world, contact, changes);
  return world.replace(
    'clients',
    changes.privileges === undefined ? edited : { ...edited, privileges: grantedPrivileges(changes.privileges) },
  );
}

/** Clients and contacts whose email is `email` in any letter case (one, while emails stay unique), through an index. */
function withEmail(world: View, email: string): readonly Client[] {
  return world.whereKey('clients', 'email:lower', (row) => row.email.toLowerCase(), email.toLowerCase());
}

/** The client or contact that logs in with `email`, in any letter case. */
export function clientByEmail(world: View, email: string): Client | undefined {
  return withEmail(world, email)[0];
}

/** Only an Active account logs in (verifyClientLogin, the customer's door); a contact also needs its main client to be Active. */
export function mayLogIn(world: View, record: Client): boolean {
  if (record.status !== 'Active') return false;
  return record.parent_id === MAIN_PARENT_ID || world.get('clients', record.parent_id)?.status === 'Active';
}

/** Emails identify a login, so two records may not share one in any letter case; `self` (a record being edited) may keep its own. */
export function emailInUse(world: View, email: string, self?: string): boolean {
  return withEmail(world, email).some((row) => row.id !== self);
}

/** The company flag: type decides when given, otherwise whether a company name is. */
export function companyFlag(type: 'Private' | 'Company' | undefined, companyname: string): '0' | '1' {
  if (type !== undefined) return type === 'Company' ? '1' : '0';
  return companyname ? '1' : '0';
}

/** The profile fields a client and a contact share, as setClientDetails and setContactDetails take them. */
export interface ProfileChanges {
  firstname?: string;
  lastname?: string;
  email?: string;
  phonenumber?: string;
  type?: 'Private' | 'Company';
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  postcode?: string;
  country?: string;
  companyname?: string;
}

const PROFILE_TEXTS = ['firstname', 'lastname', 'phonenumber', 'address1', 'address2', 'city', 'state', 'postcode', 'companyname'] as const;

/**
 * `record` with the given fields changed and no other: country as its code (empty clears it),
 * type as the company flag, and an email only while no other client or contact uses it.
 */
export function editedProfile(world: View, record: Client, changes: ProfileChanges): Client {
  const next: Client = { ...record };
  for (const key of PROFILE_TEXTS) {
    const value = changes[key];
    if (value !== undefined) next[key] = value;
  }
  if (changes.country !== undefined) next.country = changes.country === '' ? '' : countryCode(changes.country);
  if (changes.type !== undefined) next.company = companyFlag(changes.type, next.companyname);
  if (changes.email !== undefined) {
    if (emailInUse(world, changes.email, record.id)) fail(messages.emailInUse(changes.email));
    next.email = changes.email;
  }
  return next;
}

/** Rows of `name` whose `field` is `value`, oldest first, copied so they can be removed while walking them. */
function owned<K extends CollectionName>(world: View, name: K, field: keyof RecordOf<K> & string, value: string): RecordOf<K>[] {
  return [...world.where(name, field, value)].sort((a, b) => Number(a.id) - Number(b.id));
}

/** Removes a contact with any card on file it holds and the guest access it was given to other profiles. */
export function removeContact(world: World, contact: Client): void {
  for (const card of owned(world, 'client_cards', 'client_id', contact.id)) world.remove('client_cards', card.id);
  removeGrantsOf(world, contact.id);
  removeLoginsOf(world, contact.id);
  world.remove('clients', contact.id);
}

/** What the customer's door keeps of a person's logins: their tokens (customerTokens.ts) and second factor. */
function removeLoginsOf(world: World, clientId: string): void {
  for (const token of owned(world, 'userapi_tokens', 'client_id', clientId)) world.remove('userapi_tokens', token.id);
  for (const factor of owned(world, 'client_mfa', 'client_id', clientId)) world.remove('client_mfa', factor.id);
}

/** Guest access grants (guests.ts) on profile `clientId` or held by person `clientId`; the other side's account stays. */
function removeGrantsOf(world: World, clientId: string): void {
  for (const grant of owned(world, 'client_guests', 'client_id', clientId)) world.remove('client_guests', grant.id);
  for (const grant of owned(world, 'client_guests', 'user_id', clientId)) world.remove('client_guests', grant.id);
}

/**
 * Removes main client `client` with everything it owns and answers one line per removed
 * record, in deleteClient's documented order: invoices (with their transactions), orders,
 * accounts (with their addons), domains, estimates, tickets (with their replies and notes),
 * then contacts, each kind oldest first.
 * Order drafts, cards, files, the credit log, its logins and portal notifications at the customer's door, the client's remaining transactions, guest access given to
 * its profile or held by it or its contacts (the other side's account stays) and its affiliate account (with
 * its referrals) go without a line; an affiliate's earned commission on a removed order stays as history.
 * The outbox keeps what was already sent.
 */
export function removeClient(world: World, client: Client): string[] {
  const lines: string[] = [];
  for (const invoice of owned(world, 'invoices', 'client_id', client.id)) {
    for (const tx of owned(world, 'transactions', 'invoice_id', invoice.id)) world.remove('transactions', tx.id);
    world.remove('invoices', invoice.id);
    lines.push(`Invoice #${invoice.id} deleted`);
  }
  for (const tx of owned(world, 'transactions', 'client_id', client.id)) world.remove('transactions', tx.id);
  for (const order of owned(world, 'orders', 'client_id', client.id)) {
    forgetOrderReferral(world, order.id);
    world.remove('orders', order.id);
    lines.push(`Order #${order.id} deleted`);
  }
  for (const account of owned(world, 'accounts', 'client_id', client.id)) {
    for (const addon of owned(world, 'account_addons', 'account_id', account.id)) world.remove('account_addons', addon.id);
    for (const usage of owned(world, 'metered_usage', 'account_id', account.id)) world.remove('metered_usage', usage.id);
    for (const value of owned(world, 'account_forms', 'account_id', account.id)) world.remove('account_forms', value.id);
    world.remove('accounts', account.id);
    lines.push(`Account #${account.id} deleted`);
  }
  for (const domain of owned(world, 'domains', 'client_id', client.id)) {
    removeDomainRecords(world, domain.id);
    world.remove('domains', domain.id);
    lines.push(`Domain #${domain.id} deleted`);
  }
  for (const estimate of owned(world, 'estimates', 'client_id', client.id)) {
    world.remove('estimates', estimate.id);
    lines.push(`Estimate #${estimate.id} deleted`);
  }
  for (const ticket of owned(world, 'tickets', 'client_id', client.id)) {
    removeTicket(world, ticket);
    lines.push(`Ticket #${ticket.ticket_number} deleted`);
  }
  for (const draft of owned(world, 'order_drafts', 'client_id', client.id)) world.remove('order_drafts', draft.id);
  for (const contact of owned(world, 'clients', 'parent_id', client.id)) {
    removeContact(world, contact);
    lines.push(`Contact #${contact.id} deleted`);
  }
  for (const card of owned(world, 'client_cards', 'client_id', client.id)) world.remove('client_cards', card.id);
  for (const file of owned(world, 'client_files', 'client_id', client.id)) world.remove('client_files', file.id);
  for (const entry of owned(world, 'credit_log', 'client_id', client.id)) world.remove('credit_log', entry.id);
  removeGrantsOf(world, client.id);
  removeLoginsOf(world, client.id);
  for (const n of owned(world, 'portal_notifications', 'client_id', client.id)) world.remove('portal_notifications', n.id);
  removeAffiliateOf(world, client.id);
  world.remove('clients', client.id);
  return lines;
}

/** Whether the client has a card on file (editInvoiceDetails shows it as `cardnum: true`). */
export function hasCardOnFile(world: View, clientId: string): boolean {
  return world.where('client_cards', 'client_id', clientId).length > 0;
}

/** The client's cards on file, oldest first. */
function cardsOf(world: View, clientId: string): ClientCard[] {
  return [...world.where('client_cards', 'client_id', clientId)].sort((a, b) => Number(a.id) - Number(b.id));
}

/**
 * The client's primary card: a client may keep several cards, and the oldest
 * (lowest id) is the primary one, the card its `cardnum` shows masked.
 * `instead` says what to do when the client has none.
 */
export function cardOnFile(world: View, clientId: string, instead?: string): ClientCard {
  return primaryCard(world, clientId) ?? fail(messages.cardMissing(clientId, instead));
}

/** The client's primary card (its oldest), if it has any. */
export function primaryCard(world: View, clientId: string): ClientCard | undefined {
  return cardsOf(world, clientId)[0];
}

const CHARGE_INSTEAD = 'nothing to charge; record a payment made another way with addInvoicePayment';

/**
 * The card a charge uses: card `cardId` when given (it must be the client's own),
 * else the primary card ("primary" names it too).
 */
export function requireCard(world: View, clientId: string, cardId?: string): ClientCard {
  if (cardId === undefined || cardId === 'primary') return cardOnFile(world, clientId, CHARGE_INSTEAD);
  const card = world.get('client_cards', cardId) ?? notFound('Card', cardId);
  if (card.client_id !== clientId) fail(messages.cardOfOther(cardId, card.client_id, clientId));
  return card;
}

// ISO 3166-1 alpha-2: the 249 officially assigned codes (no reserved or user-assigned ones such as UK or EU).
const COUNTRY_CODES = new Set(
  [
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ',
    'BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ',
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ',
    'DE DJ DK DM DO DZ',
    'EC EE EG EH ER ES ET',
    'FI FJ FK FM FO FR',
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY',
    'HK HM HN HR HT HU',
    'ID IE IL IM IN IO IQ IR IS IT',
    'JE JM JO JP',
    'KE KG KH KI KM KN KP KR KW KY KZ',
    'LA LB LC LI LK LR LS LT LU LV LY',
    'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ',
    'NA NC NE NF NG NI NL NO NP NR NU NZ',
    'OM',
    'PA PE PF PG PH PK PL PM PN PR PS PT PW PY',
    'QA',
    'RE RO RS RU RW',
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ',
    'TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ',
    'UA UG UM US UY UZ',
    'VA VC VE VG VI VN VU',
    'WF WS',
    'YE YT',
    'ZA ZM ZW',
  ]
    .join(' ')
    .split(' '),
);

/** An ISO 3166-1 alpha-2 country code, upper-cased as stored; lower case is accepted. */
export function countryCode(value: string): string {
  const code = value.toUpperCase();
  if (!COUNTRY_CODES.has(code)) fail(messages.paramInvalid('country', 'an ISO 3166-1 alpha-2 country code, such as GB'));
  return code;
}
