import { defineMutation } from '../operation.js';
import { requireDomain } from '../../domain/domains.js';
import type { DomainDeleteHBRequest, DomainDeleteHBResult } from '../../generated/wire.js';

export default defineMutation<DomainDeleteHBRequest, DomainDeleteHBResult>({
  mutates: true,
  run({ id }, { world }) {
    // Nothing else points at a domain record: orders list theirs by order_id, and
    // invoice lines keep the id as the history of what was billed.
    world.remove('domains', requireDomain(world, id).id);
    // The published answer has no info line.
    return {};
  },
});
