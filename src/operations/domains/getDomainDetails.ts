import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import type { GetDomainDetailsRequest, GetDomainDetailsResult } from '../../generated/wire.js';
import { domainDetails } from '../../domain/domains.js';

export default defineOperation<GetDomainDetailsRequest, GetDomainDetailsResult>({
  mutates: false,
  run({ id }, { world }) {
    const domain = world.get('domains', id) ?? notFound('Domain', id);
    return { details: domainDetails(world, domain) };
  },
});
