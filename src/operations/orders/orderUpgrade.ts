import { defineMutation } from '../operation.js';
import { notFound } from '../../errors.js';
import { centsToNumber, toCents } from '../../domain/money.js';
import { requireService } from '../../domain/services.js';
import { placeUpgrade } from '../../domain/upgrades.js';
import type { OrderUpgradeRequest, OrderUpgradeResult } from '../../generated/wire.js';

export default defineMutation<OrderUpgradeRequest, OrderUpgradeResult & { info: string[] }>({
  mutates: true,
  run(p, { world, now }) {
    const account = requireService(world, p.id);
    const productId = p.new ?? account.product_id;
    const target = world.get('products', productId) ?? notFound('Product', productId);
    const { order, invoice, newTotalCents } = placeUpgrade(world, { account, target, cycle: p.new_billing, gatewayId: p.module, now });
    return {
      // The published checkout mixes strings and numbers; kept as published.
      checkout: {
        invoice_id: order.invoice_id,
        total: centsToNumber(toCents(invoice?.total ?? '0.00')),
        gateway: order.payment_module,
        order_id: order.id,
        order_num: Number(order.number),
        newtotal: centsToNumber(newTotalCents),
      },
      info: ['upgrade_order_success'],
    };
  },
});
