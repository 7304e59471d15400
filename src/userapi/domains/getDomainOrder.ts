import { defineRead } from '../route.js';
import { tldOffers } from '../../domain/customerDomains.js';
import { MAIN_CURRENCY_ID } from '../../domain/currencies.js';
import type { UserApiGetDomainOrderAnswer, UserApiGetDomainOrderInput } from '../../generated/wire.js';

export default defineRead<UserApiGetDomainOrderInput, UserApiGetDomainOrderAnswer>({
  run(_input, { world, caller }) {
    // A logged-in client sees its own currency's prices, a visitor the main currency's.
    const currencyId = caller ? (world.get('clients', caller.clientId)?.currency_id ?? MAIN_CURRENCY_ID) : MAIN_CURRENCY_ID;
    return { tlds: tldOffers(world, currencyId), currency_id: currencyId };
  },
});
