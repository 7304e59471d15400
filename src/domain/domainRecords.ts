// What a client keeps at the registrar for a domain that the Admin API has no
// record of: its DNS records (domain_dns) and its registrant, admin, tech and
// billing contacts (domain_contacts), both owned by the domain and removed with it.
import { isIP } from 'node:net';
import type { Client, Domain, DomainContact, DomainContactSet, DomainDnsRecord } from '../generated/wire.js';
import type { View, World } from '../store/world.js';
import { doorNotFound, fail, messages } from '../errors.js';

/** The record types billsim's registrars take, in the order GET /api/domain/{id}/dns/types lists them. */
export const DNS_TYPES: readonly DomainDnsRecord['type'][] = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'SRV', 'TXT'];

/** The domain's DNS records, oldest first. */
export function dnsRecords(world: View, domain: Domain): DomainDnsRecord[] {
  return [...world.where('domain_dns', 'domain_id', domain.id)].sort((a, b) => Number(a.id) - Number(b.id));
}

/** One DNS record of the domain, or a 404 (a record of another domain reads as missing). */
export function domainDnsRecord(world: View, domain: Domain, id: string): DomainDnsRecord {
  const record = world.get('domain_dns', id);
  if (!record || record.domain_id !== domain.id) doorNotFound('DNS record', id);
  return record;
}

/** Refuses an A record whose content is not an IPv4 address and an AAAA record's that is not an IPv6 one. */
function checkContent(type: DomainDnsRecord['type'], content: string): void {
  if (type === 'A' && isIP(content) !== 4) fail(messages.dnsContent(type, 'an IPv4 address such as 203.0.113.10'));
  if (type === 'AAAA' && isIP(content) !== 6) fail(messages.dnsContent(type, 'an IPv6 address such as 2001:db8::10'));
}

export type DnsFields = Pick<DomainDnsRecord, 'name' | 'type' | 'priority' | 'content'>;

/** A new DNS record of the domain. */
export function addDnsRecord(world: World, domain: Domain, fields: DnsFields): DomainDnsRecord {
  checkContent(fields.type, fields.content);
  return world.insert('domain_dns', { id: world.nextId('domain_dns'), domain_id: domain.id, ...fields });
}

/** A DNS record with the fields sent changed, the result checked as a new one is. */
export function editDnsRecord(world: World, record: DomainDnsRecord, changes: Partial<DnsFields>): DomainDnsRecord {
  const edited = { ...record, ...changes };
  checkContent(edited.type, edited.content);
  return world.replace('domain_dns', edited);
}

export function removeDnsRecord(world: World, record: DomainDnsRecord): void {
  world.remove('domain_dns', record.id);
}

export type ContactRole = 'registrant' | 'admin' | 'tech' | 'billing';
export const CONTACT_ROLES: readonly ContactRole[] = ['registrant', 'admin', 'tech', 'billing'];

/** A person's details as a domain contact: the client record's own fields. */
export function contactFrom(person: Client): DomainContact {
  const { firstname, lastname, companyname, email, address1, address2, city, state, postcode, country, phonenumber } = person;
  return { firstname, lastname, companyname, email, address1, address2, city, state, postcode, country, phonenumber };
}

function storedContacts(world: View, domain: Domain): DomainContactSet | undefined {
  return world.where('domain_contacts', 'domain_id', domain.id)[0];
}

/** The domain's contacts by role: the stored ones, else the client's own details in every role. */
export function domainContacts(world: View, domain: Domain): Record<ContactRole, DomainContact> {
  const stored = storedContacts(world, domain);
  if (stored) return { registrant: stored.registrant, admin: stored.admin, tech: stored.tech, billing: stored.billing };
  const client = world.get('clients', domain.client_id);
  const own = client ? contactFrom(client) : contactFrom({} as Client);
  return { registrant: own, admin: own, tech: own, billing: own };
}

/** The domain's contacts with the fields given changed, role by role (a country stored upper-case). */
export function setDomainContacts(
  world: World,
  domain: Domain,
  given: Partial<Record<ContactRole, Partial<DomainContact>>>,
): Record<ContactRole, DomainContact> {
  const current = domainContacts(world, domain);
  const next = { ...current };
  for (const role of CONTACT_ROLES) {
    const changes = given[role];
    if (!changes) continue;
    next[role] = { ...current[role], ...changes, ...(changes.country !== undefined && { country: changes.country.toUpperCase() }) };
  }
  const stored = storedContacts(world, domain);
  const row = { id: stored?.id ?? world.nextId('domain_contacts'), domain_id: domain.id, ...next };
  if (stored) world.replace('domain_contacts', row);
  else world.insert('domain_contacts', row);
  return next;
}

/** Removes what the domain owns here (its DNS records and contacts), before the domain record goes. */
export function removeDomainRecords(world: World, domainId: string): void {
  for (const record of [...world.where('domain_dns', 'domain_id', domainId)]) world.remove('domain_dns', record.id);
  for (const row of [...world.where('domain_contacts', 'domain_id', domainId)]) world.remove('domain_contacts', row.id);
}
