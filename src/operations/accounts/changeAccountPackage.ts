import { defineMutation } from '../operation.js';
import { fail, messages, notFound } from '../../errors.js';
import { cycleCode, offeredCycles } from '../../domain/cycles.js';
import { formatCents } from '../../domain/money.js';
import { isTld } from '../../domain/products.js';
import { choicesOf, serviceCents, valuesOf } from '../../domain/productForms.js';
import { onProduct, requireOpen, requireService } from '../../domain/services.js';
import type { ChangeAccountPackageRequest, ChangeAccountPackageResult } from '../../generated/wire.js';
import { packageChanged } from '../../domain/events.js';

export default defineMutation<ChangeAccountPackageRequest, ChangeAccountPackageResult & { info: string[] }>({
  mutates: true,
  run(p, { world }) {
    const account = requireService(world, p.id);
    const product = world.get('products', p.product_id) ?? notFound('Product', p.product_id);
    if (isTld(product)) fail(messages.productIsTld(product.id, product.name));
    requireOpen(account, 'change package');
    let total = account.total;
    if (p.recalculate === '1' || p.recalculate === 'true') {
      // Every stored billingcycle is a cycle name, so it always has a code.
      const cycle = cycleCode(account.billingcycle)!;
      const offered = offeredCycles(product);
      if (!offered.includes(cycle)) fail(messages.cycleNotOffered(product.id, cycle, offered));
      // The service's options on the new product count; values kept for the old one's forms do not.
      const choices = choicesOf(world, valuesOf(world, { ...account, product_id: product.id }));
      total = formatCents(serviceCents(world, product, cycle, account.currency_id, choices));
    }
    packageChanged(world, world.replace('accounts', { ...onProduct(account, product), total }));
    // The real call queues the change; billsim makes it before answering, with the published message.
    return { info: ['Function has been scheduled for execution'] };
  },
});
