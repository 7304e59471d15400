import { defineMutation } from '../operation.js';
import { requireDomain } from '../../domain/domains.js';
import { removeDomainRecords } from '../../domain/domainRecords.js';
import type { DomainDeleteHBRequest, DomainDeleteHBResult } from '../../generated/wire.js';

export default defineMutation<DomainDeleteHBRequest, DomainDeleteHBResult>({
  mutates: true,
  run({ id }, { world }) {
    // Orders list their domains by order_id, and invoice lines keep the id as the
    // history of what was billed; only the domain's DNS records and contacts go with it.
    const domain = requireDomain(world, id);
    removeDomainRecords(world, domain.id);
    world.remove('domains', domain.id);
    // The published answer has no info line.
    return {};
  },
});
