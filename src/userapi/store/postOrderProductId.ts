import { defineWrite } from '../route.js';
import { placeFromInput } from './order.js';
import type { UserApiPostOrderAnswer, UserApiPostOrderProductIdInput } from '../../generated/wire.js';

export default defineWrite<UserApiPostOrderProductIdInput, UserApiPostOrderAnswer>({
  run({ product_id, cycle, domain, custom, ...order }, ctx) {
    // One product item: POST /order's rule, with refusals that name no item.
    return placeFromInput({ ...order, items: [{ type: 'product', product_id, cycle, domain, custom }] }, ctx, true);
  },
});
