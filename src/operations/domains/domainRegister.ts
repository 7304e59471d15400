import { defineMutation } from '../operation.js';
import { requireDomain } from '../../domain/domains.js';
import { registerDomain } from '../../domain/registrar.js';
import type { DomainRegisterRequest, DomainRegisterResult } from '../../generated/wire.js';

export default defineMutation<DomainRegisterRequest, DomainRegisterResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world, now }) {
    const domain = registerDomain(world, requireDomain(world, id), now);
    // The published answer reports the record's sync with the registrar before the command itself.
    return { info: [`Domain with ID #${domain.id} synchronized.`, `Domain ${domain.name} registered`] };
  },
});
