import { defineRead } from '../route.js';
import { lookupName } from '../../domain/customerDomains.js';
import type { UserApiPostDomainLookupAnswer, UserApiPostDomainLookupInput } from '../../generated/wire.js';

export default defineRead<UserApiPostDomainLookupInput, UserApiPostDomainLookupAnswer>({
  run({ name }, { world }) {
    // As the vendor describes it: "ok" for a free name, an empty answer for a taken one.
    return lookupName(world, name, 'name').available ? { status: 'ok' } : {};
  },
});
