import { defineMutation } from '../operation.js';
import { placeConfigUpgrade } from '../../domain/configUpgrades.js';
import { centsToNumber, toCents } from '../../domain/money.js';
import { requireService } from '../../domain/services.js';
import type { OrderConfigUpgradeRequest, OrderConfigUpgradeResult } from '../../generated/wire.js';

export default defineMutation<OrderConfigUpgradeRequest, OrderConfigUpgradeResult & { info: string[] }>({
  mutates: true,
  run(p, { world, now }) {
    const account = requireService(world, p.id);
    const { order, invoice, newTotalCents } = placeConfigUpgrade(world, { account, values: p.new, gatewayId: p.module, now });
    return {
      // The published sample is orderUpgrade's, mixed types included.
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
