import { defineRead } from '../route.js';
import { customerProducts, requireCustomerCategory, shopperCurrency } from '../../domain/customerCatalogue.js';
import type { UserApiGetCategoryCategoryIdProductAnswer, UserApiGetCategoryCategoryIdProductInput } from '../../generated/wire.js';

export default defineRead<UserApiGetCategoryCategoryIdProductInput, UserApiGetCategoryCategoryIdProductAnswer>({
  run({ category_id }, { world, caller }) {
    const page = requireCustomerCategory(world, category_id);
    // Prices in the currency the caller's order would be charged in; a visitor sees the main currency.
    const currency = shopperCurrency(world, caller?.clientId);
    return { products: customerProducts(world, page.id, currency, caller !== undefined), currency: currency.code };
  },
});
