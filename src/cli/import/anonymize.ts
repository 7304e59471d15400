// Imported clients made anonymous, deterministically: each replacement is
// derived from a hash of the value it replaces (or of the record's id where it
// must be unique, as an e-mail), so the same installation imports to the same
// files. Names, e-mails, addresses, phone numbers, notes, IP addresses, domain
// names and secrets (service passwords, EPP codes) are replaced; the country and
// state stay, since tax rules are chosen by them. The same originals are then
// replaced wherever free text repeats them (ticket messages, invoice lines).
// Pure: collections in, new collections out.
import { createHash } from 'node:crypto';
import type { Row } from './types.js';

const FIRST = [
  'Avery',
  'Blake',
  'Casey',
  'Dana',
  'Elliot',
  'Finley',
  'Gray',
  'Harper',
  'Indy',
  'Jordan',
  'Kendall',
  'Logan',
  'Marlowe',
  'Noel',
  'Oakley',
  'Parker',
  'Quinn',
  'Reese',
  'Sage',
  'Taylor',
  'Rowan',
  'Skyler',
  'Emery',
  'Hayden',
];
const LAST = [
  'Abbott',
  'Barker',
  'Carver',
  'Dalton',
  'Ellis',
  'Fletcher',
  'Garner',
  'Holt',
  'Irwin',
  'Jensen',
  'Kingsley',
  'Lowe',
  'Mercer',
  'Nolan',
  'Osborne',
  'Pryor',
  'Ramsey',
  'Sutton',
  'Thorne',
  'Vance',
  'Walsh',
  'Yates',
  'Hale',
  'Becker',
];
const STREETS = ['Maple Street', 'Oak Avenue', 'Cedar Lane', 'Birch Road', 'Elm Court', 'Pine Way', 'Willow Drive', 'Aspen Place'];
const CITIES = ['Springfield', 'Riverton', 'Fairview', 'Lakeside', 'Greenville', 'Milford', 'Kingston', 'Ashland'];
const WORDS = ['alpha', 'bravo', 'delta', 'echo', 'harbor', 'summit', 'meadow', 'orbit', 'quartz', 'timber', 'violet', 'zephyr'];

/** A hash of `value` under `purpose`, so that one value gives different picks for different fields. */
function digest(purpose: string, value: string): Buffer {
  return createHash('sha256').update(`billsim-import\0${purpose}\0${value}`).digest();
}

function pick<T>(list: readonly T[], purpose: string, value: string): T {
  return list[digest(purpose, value).readUInt32BE(0) % list.length];
}

function hex(purpose: string, value: string, length: number): string {
  return digest(purpose, value).toString('hex').slice(0, length);
}

/** Every digit of `value` replaced by one derived from it, every letter by a letter (a postcode or phone keeps its shape). */
export function sameShape(purpose: string, value: string): string {
  const bytes = digest(purpose, value);
  let n = 0;
  return value.replace(/[0-9A-Za-z]/g, (ch) => {
    const b = bytes[n++ % bytes.length];
    if (/[0-9]/.test(ch)) return String(b % 10);
    const letter = String.fromCharCode(97 + (b % 26));
    return ch === ch.toUpperCase() ? letter.toUpperCase() : letter;
  });
}

/** A phone number with its country code kept ("+1.") and the rest replaced. */
function phone(value: string): string {
  const match = /^(\+\d{1,3}[.\s-]?)(.*)$/.exec(value);
  return match ? match[1] + sameShape('phone', match[2]) : sameShape('phone', value);
}

/** A domain name replaced under the same TLD (everything after its first dot). */
export function domainName(name: string): string {
  const dot = name.indexOf('.');
  if (dot <= 0) return `${pick(WORDS, 'domain', name)}-${hex('domain', name, 6)}`;
  return `${pick(WORDS, 'domain', name)}-${hex('domain', name, 6)}${name.slice(dot)}`;
}

const blankOr = (value: unknown, replaced: () => string): string => (typeof value === 'string' && value !== '' ? replaced() : '');

/** A client's own replacement fields. */
export function anonymousClient(client: Row): Row {
  const id = String(client.id);
  const firstname = pick(FIRST, 'firstname', String(client.firstname));
  const lastname = pick(LAST, 'lastname', String(client.lastname));
  return {
    ...client,
    email: `${firstname}.${lastname}.${id}@example.com`.toLowerCase(),
    ip: blankOr(client.ip, () => `192.0.2.${(digest('ip', String(client.ip))[0] % 254) + 1}`),
    host: blankOr(client.host, () => `host-${hex('host', String(client.host), 8)}.example.net`),
    firstname,
    lastname,
    companyname: blankOr(client.companyname, () => `${pick(LAST, 'company', String(client.companyname))} Company`),
    address1: blankOr(
      client.address1,
      () => `${(digest('street', String(client.address1))[0] % 200) + 1} ${pick(STREETS, 'street', String(client.address1))}`,
    ),
    address2: blankOr(client.address2, () => `Unit ${(digest('unit', String(client.address2))[0] % 90) + 10}`),
    city: blankOr(client.city, () => pick(CITIES, 'city', String(client.city))),
    postcode: blankOr(client.postcode, () => sameShape('postcode', String(client.postcode))),
    phonenumber: blankOr(client.phonenumber, () => phone(String(client.phonenumber))),
    notes: blankOr(client.notes, () => 'Notes replaced on import.'),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces each original (at least 3 characters, whole words only, any case) by its replacement; longest first. */
export function replacer(pairs: ReadonlyMap<string, string>): (text: string) => string {
  const originals = [...pairs.keys()].filter((o) => o.trim().length >= 3).sort((a, b) => b.length - a.length);
  if (originals.length === 0) return (text) => text;
  const lower = new Map([...pairs].map(([o, r]) => [o.toLowerCase(), r]));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${originals.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return (text) => text.replace(pattern, (found) => lower.get(found.toLowerCase()) ?? found);
}

/** Fields of free text, by collection, where the originals are replaced wherever they appear. */
const FREE_TEXT: Record<string, readonly string[]> = {
  accounts: ['domain', 'label'],
  invoices: ['notes'],
  tickets: ['subject', 'body', 'cc'],
  ticket_replies: ['body'],
  ticket_notes: ['note'],
  transactions: ['description'],
  orders: [],
  domains: [],
};

/** The clients' collections with every personal value replaced. */
export function anonymize(data: Record<string, Row[]>): Record<string, Row[]> {
  const pairs = new Map<string, string>();
  const clients = (data.clients ?? []).map((client) => {
    const out = anonymousClient(client);
    for (const field of ['email', 'companyname', 'address1', 'address2', 'phonenumber', 'firstname', 'lastname', 'host', 'ip']) {
      if (typeof client[field] === 'string' && client[field] !== '') pairs.set(String(client[field]), String(out[field]));
    }
    pairs.set(`${client.firstname} ${client.lastname}`, `${out.firstname} ${out.lastname}`);
    return out;
  });
  for (const domain of data.domains ?? []) pairs.set(String(domain.name), domainName(String(domain.name)));
  for (const account of data.accounts ?? []) {
    const name = String(account.domain ?? '');
    if (name.includes('.') && !pairs.has(name)) pairs.set(name, domainName(name));
  }
  // An e-mail's domain is often the client's own web site.
  for (const client of data.clients ?? []) {
    const at = String(client.email ?? '').split('@')[1];
    if (at && !pairs.has(at)) pairs.set(at, domainName(at));
  }
  const replace = replacer(pairs);
  const person = (name: unknown, email: unknown) => ({
    name:
      pairs.get(String(name)) ?? blankOr(name, () => `${pick(FIRST, 'firstname', String(name))} ${pick(LAST, 'lastname', String(name))}`),
    email: pairs.get(String(email)) ?? blankOr(email, () => `person-${hex('email', String(email), 8)}@example.com`),
  });
  const texts = (collection: string, row: Row): Row => {
    const out = { ...row };
    for (const field of FREE_TEXT[collection] ?? []) if (typeof out[field] === 'string') out[field] = replace(out[field] as string);
    if (typeof out.notes === 'string' && out.notes !== '' && collection !== 'invoices') out.notes = 'Notes replaced on import.';
    return out;
  };
  return {
    ...data,
    clients,
    accounts: (data.accounts ?? []).map((a) => ({
      ...texts('accounts', a),
      username: blankOr(a.username, () => `u${hex('username', String(a.username), 7)}`),
      password: blankOr(a.password, () => `pw-${hex('password', String(a.password), 12)}`),
    })),
    domains: (data.domains ?? []).map((d) => ({
      ...texts('domains', d),
      name: pairs.get(String(d.name)) ?? d.name,
      epp_code: blankOr(d.epp_code, () => hex('epp', String(d.epp_code), 12)),
    })),
    invoices: (data.invoices ?? []).map((i) => ({
      ...texts('invoices', i),
      items: (i.items as Row[]).map((item) => ({ ...item, description: replace(String(item.description)) })),
    })),
    orders: (data.orders ?? []).map((o) => ({
      ...texts('orders', o),
      order_ip: blankOr(o.order_ip, () => `192.0.2.${(digest('ip', String(o.order_ip))[0] % 254) + 1}`),
    })),
    transactions: (data.transactions ?? []).map((x) => texts('transactions', x)),
    tickets: (data.tickets ?? []).map((t) => ({ ...texts('tickets', t), ...person(t.name, t.email) })),
    ticket_replies: (data.ticket_replies ?? []).map((r) => ({ ...texts('ticket_replies', r), ...person(r.name, r.email) })),
    ticket_notes: (data.ticket_notes ?? []).map((n) => ({ ...texts('ticket_notes', n), ...person(n.name, n.email) })),
  };
}
