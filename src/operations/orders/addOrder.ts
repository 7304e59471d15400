import { defineMutation } from '../operation.js';
import { Checks, fail, messages, notFound } from '../../errors.js';
import { requireClient } from '../../domain/clients.js';
import type { Cycle } from '../../domain/cycles.js';
import { findTld, type DomainItem, placeOrder, type ServiceItem } from '../../domain/placeOrder.js';
import { recordOrderEmails } from '../../domain/outbox.js';
import type { AddOrderRequest, AddOrderResult } from '../../generated/wire.js';
import type { View } from '../../store/world.js';

const on = (flag: string | undefined) => flag === '1';

function serviceItems(world: View, p: AddOrderRequest, checks: Checks): ServiceItem[] | undefined {
  if (p.product === undefined) return [];
  const product = checks.value(() => world.get('products', p.product!) ?? notFound('Product', p.product!));
  const cycle = checks.value(() => p.cycle ?? fail(messages.paramRequired('cycle')));
  return product && cycle ? [{ product, cycle: cycle as Cycle, host: p.domain_name ?? '' }] : undefined;
}

function domainItems(world: View, p: AddOrderRequest, checks: Checks): DomainItem[] | undefined {
  const given = [p.domain_action, p.domain_sld, p.domain_tld];
  if (given.every((v) => v === undefined)) return [];
  const action = checks.value(() => p.domain_action ?? fail(messages.paramRequired('domain_action')));
  const sld = checks.value(() => p.domain_sld ?? fail(messages.paramRequired('domain_sld')));
  const tldName = checks.value(() => p.domain_tld ?? fail(messages.paramRequired('domain_tld')));
  const tld = tldName === undefined ? undefined : checks.value(() => findTld(world, tldName));
  if (action === undefined || sld === undefined || tld === undefined) return undefined;
  return [
    {
      action: action.toLowerCase() === 'register' ? 'Register' : 'Transfer',
      sld,
      tld,
      period: p.domain_period ?? '1',
      eppCode: p.domain_eppcode,
      idprotection: on(p.domain_idp),
    },
  ];
}

export default defineMutation<AddOrderRequest, AddOrderResult & { info: string[] }>({
  mutates: true,
  run(p, { world, now }) {
    // The client, the product and the domain are checked together: every problem in one answer.
    const checks = new Checks();
    const { client, services, domains } = checks.settle({
      client: checks.value(() => requireClient(world, p.client_id)),
      services: serviceItems(world, p, checks),
      domains: domainItems(world, p, checks),
    });
    if (services.length === 0 && domains.length === 0) fail(messages.orderEmpty());
    if (domains[0]?.action === 'Register' && p.domain_eppcode) fail(messages.eppCodeForRegister('domain_eppcode', 'domain_action'));
    const placed = placeOrder(world, { client, paymentModule: p.module, services, domains, invoice: on(p.invoice_generate), now });
    const { order, invoice } = placed;
    recordOrderEmails(world, { client, order, invoice, confirm: on(p.confirm), sendInvoice: on(p.invoice_info) }, now);
    return { order_id: order.id, info: ['New Order created'] };
  },
});
