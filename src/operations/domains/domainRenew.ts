import { defineMutation } from '../operation.js';
import { requireDomain } from '../../domain/domains.js';
import { renewDomain } from '../../domain/registrar.js';
import type { DomainRenewRequest, DomainRenewResult } from '../../generated/wire.js';

export default defineMutation<DomainRenewRequest, DomainRenewResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world, now }) {
    const domain = renewDomain(world, requireDomain(world, id), now);
    // "year/s" whatever the period, as published (the sample's "year\/s" is JSON's escaped slash).
    return { info: [`Domain with ID #${domain.id} synchronized.`, `Domain ${domain.name} renewed for ${domain.period} year/s`] };
  },
});
