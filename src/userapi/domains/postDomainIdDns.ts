import { callerOf, defineWrite } from '../route.js';
import { addDnsRecord } from '../../domain/domainRecords.js';
import { messages } from '../../errors.js';
import type { UserApiPostDomainIdDnsAnswer, UserApiPostDomainIdDnsInput } from '../../generated/wire.js';
import { dnsDomain, dnsView } from './dns.js';

export default defineWrite<UserApiPostDomainIdDnsInput, UserApiPostDomainIdDnsAnswer>({
  run({ id, name, type, priority = '0', content }, ctx) {
    const domain = dnsDomain(ctx.world, callerOf(ctx).clientId, id);
    const record = addDnsRecord(ctx.world, domain, { name, type, priority, content });
    return { record: dnsView(record), info: [messages.dnsRecordAdded(record.id, domain.name)] };
  },
});
