import { defineOperation } from '../operation.js';
import type { DomainCheckRequest, DomainCheckResult } from '../../generated/wire.js';
import { domainAvailable, splitDomainName } from '../../domain/domains.js';

export default defineOperation<DomainCheckRequest, DomainCheckResult>({
  mutates: false,
  run(params, { world }) {
    const { name } = splitDomainName(world, params.domain);
    // A string, not a boolean, as the published answer has it.
    return { domain_available: domainAvailable(world, name) ? 'yes' : 'no' };
  },
});
