import { defineRead } from '../route.js';
import { whois } from '../../domain/customerDomains.js';
import type { UserApiGetWhoisDomainAnswer, UserApiGetWhoisDomainInput } from '../../generated/wire.js';

export default defineRead<UserApiGetWhoisDomainInput, UserApiGetWhoisDomainAnswer>({
  run({ domain }, { world }) {
    return { whois: whois(world, domain) };
  },
});
