import { defineMutation } from '../operation.js';
import { requireDomain } from '../../domain/domains.js';
import { deleteAtRegistrar } from '../../domain/registrar.js';
import type { DomainDeleteRequest, DomainDeleteResult } from '../../generated/wire.js';

export default defineMutation<DomainDeleteRequest, DomainDeleteResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world }) {
    const domain = deleteAtRegistrar(world, requireDomain(world, id));
    return { info: [`Domain ${domain.name} deleted`] };
  },
});
