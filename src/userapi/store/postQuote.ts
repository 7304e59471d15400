import { defineRead } from '../route.js';
import { buyerOf, pricedItems, readCustomerOrder } from '../../domain/customerOrders.js';
import { priceViewFor } from '../../domain/currencies.js';
import { planOrder } from '../../domain/placeOrder.js';
import { productFormsView } from '../../domain/productForms.js';
import type { UserApiPostQuoteAnswer, UserApiPostQuoteInput, UserApiQuoteItem } from '../../generated/wire.js';

export default defineRead<UserApiPostQuoteInput, UserApiPostQuoteAnswer>({
  run({ output = 'short', ...input }, { world, now, caller }) {
    const buyer = buyerOf(world, caller?.clientId);
    const order = readCustomerOrder(world, buyer, input, now);
    // The order's own plan: what POST /order would write, priced by the same rule, written nowhere.
    const planned = planOrder(world, order.spec);
    const { bill } = planned;
    const view = priceViewFor(world, bill.currency_id);
    const items = pricedItems(order, planned).map(({ at: _at, id: _id, ...item }): UserApiQuoteItem => {
      const product = world.get('products', item.product_id);
      const withOptions = output !== 'short' && item.type === 'product' && product;
      return withOptions ? { ...item, options: productFormsView(world, product, view) } : item;
    });
    const lines = bill.items.map(({ type, description, amount, taxed }) => ({ type, description, amount, taxed }));
    return {
      quote: {
        currency_id: bill.currency_id,
        currency: world.get('currencies', bill.currency_id)?.code ?? '',
        pay_method: bill.payment_module,
        subtotal: bill.subtotal,
        taxrate: bill.taxrate,
        tax: bill.tax,
        taxrate2: bill.taxrate2,
        tax2: bill.tax2,
        total: bill.total,
        items,
        ...(output === 'full' && { lines }),
      },
      info: order.leftOut,
    };
  },
});
