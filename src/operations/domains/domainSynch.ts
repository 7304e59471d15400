import { defineMutation } from '../operation.js';
import { messages } from '../../errors.js';
import { requireDomain } from '../../domain/domains.js';
import { synchronize } from '../../domain/registrar.js';
import type { DomainSynchRequest, DomainSynchResult } from '../../generated/wire.js';

export default defineMutation<DomainSynchRequest, DomainSynchResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world, now }) {
    const domain = synchronize(world, requireDomain(world, id), now);
    return { info: [messages.domainSynchronized(domain.id)] };
  },
});
