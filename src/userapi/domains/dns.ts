// What the DNS routes share: a record as they answer it, and the domain and
// record a change addresses (an Active domain's, the path's record).
import type { World } from '../../store/world.js';
import type { Domain, DomainDnsRecord, UserApiDomainDnsRecord } from '../../generated/wire.js';
import { customerDomain, requireDomainStatus } from '../../domain/customerDomains.js';
import { domainDnsRecord } from '../../domain/domainRecords.js';
import { fail, messages } from '../../errors.js';

export function dnsView({ id, name, type, priority, content }: DomainDnsRecord): UserApiDomainDnsRecord {
  return { id, name, type, priority, content };
}

/** The caller's Active domain whose DNS records a change touches. */
export function dnsDomain(world: World, clientId: string, id: string): Domain {
  const domain = customerDomain(world, clientId, id);
  requireDomainStatus(domain, ['Active'], 'given other DNS records');
  return domain;
}

/** The record `index` names (`record_id`, when sent, must name the same one). */
export function dnsRecordOf(world: World, domain: Domain, index: string, recordId: string | undefined): DomainDnsRecord {
  if (recordId !== undefined && recordId !== index) fail(messages.dnsRecordOtherIndex(recordId, index));
  return domainDnsRecord(world, domain, index);
}
