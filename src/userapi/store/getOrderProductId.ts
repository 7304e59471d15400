import { defineRead } from '../route.js';
import { customerOrderProduct, requireOrderable, shopperCurrency } from '../../domain/customerCatalogue.js';
import type { UserApiGetOrderProductIdAnswer, UserApiGetOrderProductIdInput } from '../../generated/wire.js';

export default defineRead<UserApiGetOrderProductIdInput, UserApiGetOrderProductIdAnswer>({
  run({ product_id }, { world, caller }) {
    const product = requireOrderable(world, product_id, caller !== undefined);
    return { product: customerOrderProduct(world, product, shopperCurrency(world, caller?.clientId)) };
  },
});
