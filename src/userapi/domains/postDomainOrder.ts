import { callerOf, defineWrite } from '../route.js';
import { orderDomain } from '../../domain/customerDomainOrder.js';
import { messages } from '../../errors.js';
import type { UserApiPostDomainOrderAnswer, UserApiPostDomainOrderInput } from '../../generated/wire.js';

export default defineWrite<UserApiPostDomainOrderInput, UserApiPostDomainOrderAnswer>({
  run(input, ctx) {
    const { order, domains } = orderDomain(ctx.world, callerOf(ctx).clientId, input, ctx.now);
    const [domain] = domains;
    return {
      order_num: order.number,
      order_id: order.id,
      invoice_id: order.invoice_id,
      total: order.total,
      items: [{ id: domain.id, type: 'domain', name: domain.name }],
      info: [messages.domainOrderPlaced(order.number, domain.name)],
    };
  },
});
