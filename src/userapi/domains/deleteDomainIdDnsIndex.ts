import { callerOf, defineWrite } from '../route.js';
import { removeDnsRecord } from '../../domain/domainRecords.js';
import { messages } from '../../errors.js';
import type { UserApiDeleteDomainIdDnsIndexAnswer, UserApiDeleteDomainIdDnsIndexInput } from '../../generated/wire.js';
import { dnsDomain, dnsRecordOf } from './dns.js';

export default defineWrite<UserApiDeleteDomainIdDnsIndexInput, UserApiDeleteDomainIdDnsIndexAnswer>({
  run({ id, index, record_id }, ctx) {
    const domain = dnsDomain(ctx.world, callerOf(ctx).clientId, id);
    const record = dnsRecordOf(ctx.world, domain, index, record_id);
    removeDnsRecord(ctx.world, record);
    return { info: [messages.dnsRecordRemoved(record.id, domain.name)] };
  },
});
