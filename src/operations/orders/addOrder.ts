import { defineMutation } from '../operation.js';
import { fail, messages, notFound } from '../../errors.js';
import { requireClient } from '../../domain/clients.js';
import type { Cycle } from '../../domain/cycles.js';
import { findTld, type DomainItem, placeOrder, type ServiceItem } from '../../domain/placeOrder.js';
import { recordOrderEmails } from '../../domain/outbox.js';
import type { AddOrderRequest, AddOrderResult } from '../../generated/wire.js';
import type { View } from '../../store/world.js';

const on = (flag: string | undefined) => flag === '1';

function serviceItems(world: View, p: AddOrderRequest): ServiceItem[] {
  if (p.product === undefined) return [];
  const product = world.get('products', p.product) ?? notFound('Product', p.product);
  if (p.cycle === undefined) fail(messages.paramRequired('cycle'));
  return [{ product, cycle: p.cycle as Cycle, host: p.domain_name ?? '' }];
}

function domainItems(world: View, p: AddOrderRequest): DomainItem[] {
  const given = [p.domain_action, p.domain_sld, p.domain_tld];
  if (given.every((v) => v === undefined)) return [];
  if (p.domain_action === undefined) fail(messages.paramRequired('domain_action'));
  if (p.domain_sld === undefined) fail(messages.paramRequired('domain_sld'));
  if (p.domain_tld === undefined) fail(messages.paramRequired('domain_tld'));
  const action = p.domain_action.toLowerCase() === 'register' ? 'Register' : 'Transfer';
  return [
    {
      action,
      sld: p.domain_sld,
      tld: findTld(world, p.domain_tld),
      period: p.domain_period ?? '1',
      eppCode: p.domain_eppcode,
      idprotection: on(p.domain_idp),
    },
  ];
}

export default defineMutation<AddOrderRequest, AddOrderResult & { info: string[] }>({
  mutates: true,
  run(p, { world, now }) {
    const client = requireClient(world, p.client_id);
    const services = serviceItems(world, p);
    const domains = domainItems(world, p);
    if (services.length === 0 && domains.length === 0) fail(messages.orderEmpty());
    if (domains[0]?.action === 'Register' && p.domain_eppcode) fail(messages.eppCodeForRegister('domain_eppcode', 'domain_action'));
    const placed = placeOrder(world, { client, paymentModule: p.module, services, domains, invoice: on(p.invoice_generate), now });
    const { order, invoice } = placed;
    recordOrderEmails(world, { client, order, invoice, confirm: on(p.confirm), sendInvoice: on(p.invoice_info) }, now);
    return { order_id: order.id, info: ['New Order created'] };
  },
});
