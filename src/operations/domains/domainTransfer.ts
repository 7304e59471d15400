import { defineMutation } from '../operation.js';
import { requireDomain } from '../../domain/domains.js';
import { startTransfer } from '../../domain/registrar.js';
import type { DomainTransferRequest, DomainTransferResult } from '../../generated/wire.js';

export default defineMutation<DomainTransferRequest, DomainTransferResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world, now }) {
    // The same answer whether the registrar completes the transfer at once or days later.
    const domain = startTransfer(world, requireDomain(world, id), now);
    return { info: [`Domain ${domain.name} transfer process began`] };
  },
});
