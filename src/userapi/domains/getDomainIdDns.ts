import { callerOf, defineRead } from '../route.js';
import { customerDomain } from '../../domain/customerDomains.js';
import { dnsRecords } from '../../domain/domainRecords.js';
import type { UserApiGetDomainIdDnsAnswer, UserApiGetDomainIdDnsInput } from '../../generated/wire.js';
import { dnsView } from './dns.js';

export default defineRead<UserApiGetDomainIdDnsInput, UserApiGetDomainIdDnsAnswer>({
  run({ id }, ctx) {
    return { records: dnsRecords(ctx.world, customerDomain(ctx.world, callerOf(ctx).clientId, id)).map(dnsView) };
  },
});
