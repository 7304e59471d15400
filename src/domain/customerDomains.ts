// A client's domains as the customer's door shows and manages them
// (/api/domain..., /api/whois): the caller's own records only, through the
// rules and the records the Admin API's domain calls use (domains.ts,
// registrar.ts, renewals.ts, placeOrder.ts).
import type { Domain, UserApiDomain, UserApiDomainItem, UserApiDomainTld, UserApiWhois } from '../generated/wire.js';
import type { View, World } from '../store/world.js';
import { doorNotFound, fail, messages } from '../errors.js';
import {
  DEFAULT_NAMESERVERS,
  domainHeld,
  domainsNamed,
  fourNameservers,
  registrarName,
  splitDomainName,
  domainAvailable,
} from './domains.js';
import { periodsView, soldTlds } from './products.js';
import { priceViewFor } from './currencies.js';
import { pick } from './views.js';

/** The client's domain, or a 404 that reads the same for a domain that is not there and one of another client. */
export function customerDomain(world: View, clientId: string, id: string): Domain {
  const domain = world.get('domains', id);
  if (!domain || domain.client_id !== clientId) doorNotFound('Domain', id);
  return domain;
}

/** The client's domain by its full name: the record that still holds the name, else the newest; a 404 otherwise. */
export function customerDomainNamed(world: View, clientId: string, name: string): Domain {
  const own = domainsNamed(world, name).filter((d) => d.client_id === clientId);
  const held = domainHeld(world, name);
  const found =
    own.find((d) => d.id === held?.id) ?? own.reduce<Domain | undefined>((a, d) => (!a || Number(d.id) > Number(a.id) ? d : a), undefined);
  if (!found) doorNotFound('Domain', name);
  return found;
}

const ITEM_FIELDS = [
  'id',
  'name',
  'status',
  'type',
  'period',
  'recurring_amount',
  'currency_id',
  'date_created',
  'expires',
  'next_due',
  'autorenew',
  'reglock',
  'idprotection',
] as const;

/** A domain as GET /api/domain lists it. */
export function domainListItem(domain: Domain): UserApiDomainItem {
  return pick(domain, ITEM_FIELDS);
}

const DETAIL_FIELDS = [
  'id',
  'order_id',
  'tld_id',
  'name',
  'date_created',
  'firstpayment',
  'recurring_amount',
  'period',
  'expires',
  'type',
  'status',
  'next_due',
  'next_invoice',
  'payment_module',
  'currency_id',
  'idprotection',
] as const;

/** A domain as GET /api/domain/{id} shows it: getDomainDetails' fields a client may see, the registrar by name. */
export function domainView(world: View, domain: Domain): UserApiDomain {
  return {
    ...pick(domain, DETAIL_FIELDS),
    nameservers: fourNameservers(domain.nameservers),
    ...pick(domain, ['autorenew', 'reglock', 'synch_date'] as const),
    registrar: registrarName(world, domain.reg_module),
  };
}

/** The statuses of a domain still held here, whose settings a client may change. */
const HELD: readonly Domain['status'][] = ['Pending', 'Pending Registration', 'Pending Transfer', 'Active', 'Expired'];

/** Refuses a change to a domain not in one of `from` (the registrar's commands need the name at the registrar). */
export function requireDomainStatus(domain: Domain, from: readonly Domain['status'][], action: string): void {
  if (!from.includes(domain.status)) fail(messages.domainStatusRefused(domain.id, domain.name, domain.status, from, action));
}

/** Refuses a change to a domain no longer held here (Cancelled, Fraud, moved away). */
export function requireHeld(domain: Domain, action: string): void {
  requireDomainStatus(domain, HELD, action);
}

/**
 * The nameservers a list sets: none means the default ones a new domain
 * starts with; otherwise 2 to 4 different host names (stored lower-case).
 */
export function nameserverList(given: readonly string[], param = 'nameservers'): string[] {
  if (given.length === 0) return DEFAULT_NAMESERVERS.filter(Boolean);
  const hosts = given.map((host) => host.toLowerCase());
  const problems: string[] = [];
  if (hosts.length < 2) problems.push(messages.nameserverCount(hosts.length, param));
  const twice = hosts.filter((host, n) => hosts.indexOf(host) !== n);
  for (const host of new Set(twice)) problems.push(messages.nameserverTwice(host, param));
  if (problems.length > 0) fail(problems);
  return hosts;
}

/** The domain's nameservers replaced (PUT /api/domain/{id}/ns): the record getDomainDetails shows. */
export function setNameservers(world: World, domain: Domain, given: readonly string[]): Domain {
  requireHeld(domain, 'given other nameservers');
  return world.replace('domains', { ...domain, nameservers: fourNameservers(nameserverList(given)) });
}

/** A switch as the door takes it: true, "1" or "true" turns it on. */
export function switchedOn(value: boolean | string): boolean {
  return value === true || value === '1' || value === 'true';
}

/** The flags a client switches on its domain, with the words its notice uses and the statuses it may be switched in. */
const FLAGS = {
  reglock: { what: 'Registrar lock', from: ['Active'] },
  idprotection: { what: 'ID protection', from: ['Active'] },
  autorenew: { what: 'Auto-renewal', from: HELD },
} as const satisfies Record<string, { what: string; from: readonly Domain['status'][] }>;

/** Sets one of the domain's flags (reglock, idprotection, autorenew); answers the domain and the notice. */
export function switchDomainFlag(world: World, domain: Domain, flag: keyof typeof FLAGS, on: boolean): { domain: Domain; info: string } {
  const { what, from } = FLAGS[flag];
  requireDomainStatus(domain, from, `switched ${flag}`);
  const changed = world.replace('domains', { ...domain, [flag]: on ? '1' : '0' });
  return { domain: changed, info: messages.domainFlagSaved(what, domain.name, on) };
}

/** The TLDs a domain may be ordered under, with their period prices in `currencyId` (the main currency when undefined). */
export function tldOffers(world: View, currencyId: string | undefined): UserApiDomainTld[] {
  const view = priceViewFor(world, currencyId);
  return soldTlds(world).map((tld) => ({ tld_id: tld.id, tld: tld.name, periods: periodsView(tld.periods ?? [], view) }));
}

/** Whether a full name is free to register (domainCheck's rule); refuses a malformed name or an unsold TLD, naming `param`. */
export function lookupName(world: View, given: string, param: string): { name: string; available: boolean } {
  const { name } = splitDomainName(world, given, param);
  return { name, available: domainAvailable(world, name) };
}

/** What the registry shows of a name: free or taken, and for a name held here its registrar, dates and nameservers. */
export function whois(world: View, given: string): UserApiWhois {
  const { name, available } = lookupName(world, given, 'domain');
  if (available) return { domain: name, status: 'available' };
  const held = domainHeld(world, name);
  if (!held) return { domain: name, status: 'registered' };
  return {
    domain: name,
    status: 'registered',
    registrar: registrarName(world, held.reg_module),
    created: held.date_created,
    expires: held.expires,
    nameservers: held.nameservers.filter(Boolean),
  };
}
