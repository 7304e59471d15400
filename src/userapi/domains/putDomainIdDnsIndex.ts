import { callerOf, defineWrite } from '../route.js';
import { editDnsRecord } from '../../domain/domainRecords.js';
import { messages } from '../../errors.js';
import type { UserApiPutDomainIdDnsIndexAnswer, UserApiPutDomainIdDnsIndexInput } from '../../generated/wire.js';
import { dnsDomain, dnsRecordOf, dnsView } from './dns.js';

export default defineWrite<UserApiPutDomainIdDnsIndexInput, UserApiPutDomainIdDnsIndexAnswer>({
  run({ id, index, record_id, name, type, priority, content }, ctx) {
    const domain = dnsDomain(ctx.world, callerOf(ctx).clientId, id);
    const record = dnsRecordOf(ctx.world, domain, index, record_id);
    const changes = Object.fromEntries(Object.entries({ name, type, priority, content }).filter(([, value]) => value !== undefined));
    const edited = editDnsRecord(ctx.world, record, changes);
    return { record: dnsView(edited), info: [messages.dnsRecordSaved(edited.id, domain.name)] };
  },
});
