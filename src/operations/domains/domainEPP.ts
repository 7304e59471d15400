import { defineMutation } from '../operation.js';
import { messages } from '../../errors.js';
import { requireDomain } from '../../domain/domains.js';
import { sendEppCode } from '../../domain/registrar.js';
import type { DomainEPPRequest, DomainEPPResult } from '../../generated/wire.js';

export default defineMutation<DomainEPPRequest, DomainEPPResult>({
  mutates: true,
  run({ id }, { world, now }) {
    sendEppCode(world, requireDomain(world, id), now);
    // As published: a status message under EppCode, not the code itself.
    return { EppCode: messages.eppCodeSent() };
  },
});
