// Order drafts as the API shows them. The store keeps a draft normalized (its
// services, their addons and its domains as plain lists); the wire draft joins in
// products, addons, order pages, TLD prices and recipients, keys items by id,
// prices them in the draft's currency, and mixes numbers and strings exactly as
// the real answer does. Every call that answers a draft (getOrderDraft and the
// calls that change one) renders it through draftView.
import type { View } from '../store/world.js';
import type { DomainItem, ServiceItem } from './placeOrder.js';
import type {
  DraftAddon,
  DraftOrderListItem,
  DraftDomain,
  DraftRecipient,
  DraftService,
  DraftView,
  DraftViewAddon,
  DraftViewDomain,
  DraftViewDomainOptions,
  DraftViewPeriod,
  DraftViewProduct,
  DraftViewService,
  OrderDraft,
  Product,
} from '../generated/wire.js';
import { notFound } from '../errors.js';
import { fromMainCents } from './currencies.js';
import { gatewayName } from './gateways.js';
import { centsToNumber, formatCents, percentOf, toCents } from './money.js';
import { type Cycle, type RecurringCycle, cyclePriceCents, draftCycleName, firstPeriod, RECURRING_CYCLES } from './cycles.js';
import { formatDateTime, parseDateTime, ZERO_DATE } from '../lib/dates.js';
import { clientEmbed, pick } from './views.js';

export function requireDraft(world: View, id: string): OrderDraft {
  return world.get('order_drafts', id) ?? notFound('Order draft', id);
}

/**
 * An empty draft as createOrderDraft makes it, for a client ("0": none yet) in a
 * currency, dated now; the caller inserts it. Made through the API, so no staff
 * member; the options are those a fresh draft shows in the real samples.
 */
export function newDraft(world: View, spec: { clientId: string; currencyId: string; now: Date }): OrderDraft {
  return {
    id: world.nextId('order_drafts'),
    client_id: spec.clientId,
    module: '0',
    date: formatDateTime(spec.now),
    discount: '',
    scenario_id: '0',
    staff_member_id: '0',
    contract_id: '',
    commitment_date: '',
    affiliate_id: '0',
    estimate_id: '0',
    currency_id: spec.currencyId,
    options: { confirm_email: true, generate_invoice: true, send_invoice: true, override_recipients: false },
    services: [],
    domains: [],
  };
}

const money = (price: string): number => centsToNumber(toCents(price));

/** Main-currency cents as the draft shows them: converted into its currency, as a JSON number. */
type DraftPrice = (cents: number) => number;

/** The first billing period from the order date (zero dates for a charge that never recurs). */
function orderPeriod(cycle: Cycle, orderDate: string): DraftViewPeriod {
  const start = parseDateTime(orderDate.slice(0, 10));
  return start ? firstPeriod(cycle, start) : { from: ZERO_DATE, to: ZERO_DATE };
}

const PRODUCT_HEAD = [
  'id',
  'category_id',
  'type',
  'name',
  'description',
  'visible',
  'domain_options',
  'stock',
  'qty',
  'autosetup',
  'subdomain',
  'owndomain',
  'tax',
  'upgrades',
  'sort_order',
  'rel',
  'paytype',
] as const;

/** The product record with numeric prices and a `<cycle>_enabled` flag per recurring cycle. */
function productView(product: Product): DraftViewProduct {
  const prices = {} as Record<`${RecurringCycle}_setup` | RecurringCycle, number>;
  for (const cycle of RECURRING_CYCLES) prices[`${cycle}_setup`] = money(product[`${cycle}_setup`]);
  for (const cycle of RECURRING_CYCLES) prices[cycle] = money(product[cycle]);
  // Only a Regular product bills in cycles; a one-time price in `m` enables nothing (as in the real sample).
  const enabled = {} as Record<`${RecurringCycle}_enabled`, '0' | '1'>;
  for (const cycle of RECURRING_CYCLES) {
    enabled[`${cycle}_enabled`] = product.paytype === 'Regular' && toCents(product[cycle]) > 0 ? '1' : '0';
  }
  return {
    ...pick(product, PRODUCT_HEAD),
    ...prices,
    ...enabled,
    ...pick(product, ['ptype', 'module', 'free_domain'] as const),
  };
}

/** The product's domain settings as a service shows them; the flags it does not store stay false. */
function domainOptions(product: Product): DraftViewDomainOptions {
  return {
    register: product.domain_options,
    subdomain: product.subdomain,
    owndomain: product.owndomain === '1',
    owndomainwithus: false,
    allowownoutside: false,
    hostname: false,
  };
}

function serviceView(world: View, service: DraftService, inDraft: DraftPrice): DraftViewService {
  const product = world.get('products', service.product_id) ?? notFound('Product', service.product_id);
  const categoryName = world.get('order_pages', product.category_id)?.name ?? '';
  const { price, setup } = cyclePriceCents(product, service.cycle);
  const hasCustom = Object.keys(service.custom).length > 0;
  return {
    product_id: service.product_id,
    service_id: Number(service.service_id),
    cycle: service.cycle,
    parent_id: 0,
    category_id: product.category_id,
    domain: service.domain,
    billingtype: 'PrePay',
    customdata: hasCustom ? service.custom : [],
    qty: service.qty,
    config: [],
    domainoptions: domainOptions(product),
    p_options: 0,
    contract_id: '0',
    id: product.id,
    name: product.name,
    _name: product.name,
    category_name: categoryName,
    _category_name: categoryName,
    prorata_amount: false,
    prorata_date: false,
    order_date: service.order_date,
    price: inDraft(price),
    price_today: inDraft(price),
    recurring: draftCycleName(service.cycle) as DraftViewService['recurring'],
    setup: inDraft(setup),
    tax: product.tax,
    tax_group_id: '1',
    full_month: 0,
    period: orderPeriod(service.cycle, service.order_date),
    product: productView(product),
  };
}

/** A domain's price in cents: the TLD's register or transfer price for the period (0 when the TLD has none). */
export function domainPriceCents(tld: Product, domain: DraftDomain): number {
  const row = tld.periods?.find((p) => p.period === domain.period);
  if (!row) return 0;
  return toCents(domain.action === 'Transfer' ? row.transfer : row.register);
}

function addonView(world: View, service: DraftService, addon: DraftAddon, inDraft: DraftPrice): DraftViewAddon {
  const record = world.get('addons', addon.addon_id) ?? notFound('Addon', addon.addon_id);
  const { price, setup } = cyclePriceCents(record, addon.cycle);
  return {
    service_id: Number(service.service_id),
    addon_id: record.id,
    name: record.name,
    cycle: addon.cycle,
    recurring: draftCycleName(addon.cycle) as DraftViewAddon['recurring'],
    qty: addon.qty,
    price: inDraft(price),
    setup: inDraft(setup),
  };
}

function domainView(world: View, domain: DraftDomain, inDraft: DraftPrice): DraftViewDomain {
  const tld = world.get('products', domain.tld_id) ?? notFound('TLD', domain.tld_id);
  return {
    domain_id: Number(domain.domain_id),
    name: domain.name,
    tld_id: domain.tld_id,
    tld: tld.name,
    action: domain.action,
    period: Number(domain.period),
    price: inDraft(domainPriceCents(tld, domain)),
    epp_code: domain.epp_code,
  };
}

/** PHP serialises an empty array as [] and a keyed one as an object: the draft's item lists do both. */
function keyed<T>(items: T[], key: (item: T) => number): Record<string, T> | [] {
  if (items.length === 0) return [];
  return Object.fromEntries(items.map((item) => [String(key(item)), item]));
}

/** Who may receive the draft's e-mails: the client, then its contacts (clients whose parent is the client). */
function recipients(world: View, clientId: string): DraftRecipient[] {
  const client = clientEmbed(world, clientId);
  if (!client) return [];
  const contacts = world.where('clients', 'parent_id', clientId).map((c) => clientEmbed(world, c.id));
  return [client, ...contacts.filter((c) => c !== null)];
}

/**
 * Draft totals in cents: each service's price due today plus setup and its addons
 * (each addon's price plus setup, times the addon's qty), times the service's qty
 * (an order attaches the addons to every unit), plus each domain's price. `total`
 * is the subtotal less the draft's discount.
 */
export function draftTotals(
  services: DraftViewService[],
  addons: DraftViewAddon[],
  domains: DraftViewDomain[],
  discount: string,
): {
  subtotal: number;
  total: number;
} {
  const addonCents = new Map<number, number>();
  for (const a of addons) {
    addonCents.set(a.service_id, (addonCents.get(a.service_id) ?? 0) + (toCents(a.price) + toCents(a.setup)) * a.qty);
  }
  let cents = 0;
  for (const s of services) cents += (toCents(s.price_today) + toCents(s.setup) + (addonCents.get(s.service_id) ?? 0)) * s.qty;
  for (const d of domains) cents += toCents(d.price);
  return { subtotal: centsToNumber(cents), total: centsToNumber(cents - discountCents(discount, cents)) };
}

/**
 * The draft discount in cents: "" means none, "5.00" a fixed amount, "10%" a share
 * of the subtotal; it never takes the total below zero. Other text counts as none.
 */
function discountCents(discount: string, subtotal: number): number {
  const amount = /^\d+(\.\d{1,2})?$/.test(discount) ? toCents(discount) : 0;
  const percent = /^(\d{1,3}(\.\d{1,4})?)%$/.exec(discount);
  const cents = percent ? percentOf(subtotal, percent[1]) : amount;
  return Math.min(cents, subtotal);
}

/** The draft's items as the wire shows them, priced in the draft's currency. */
function itemViews(world: View, draft: OrderDraft) {
  const inDraft: DraftPrice = (cents) => centsToNumber(fromMainCents(world, cents, draft.currency_id));
  return {
    services: draft.services.map((s) => serviceView(world, s, inDraft)),
    addons: draft.services.flatMap((s) => s.addons.map((a) => addonView(world, s, a, inDraft))),
    domains: draft.domains.map((d) => domainView(world, d, inDraft)),
  };
}

/** What the draft comes to after its discount, in cents of its currency (the `total` getOrderDraft shows). */
export function draftTotalCents(world: View, draft: OrderDraft): number {
  const { services, addons, domains } = itemViews(world, draft);
  return toCents(draftTotals(services, addons, domains, draft.discount).total);
}

/** The whole wire draft for a stored draft record. */
export function draftView(world: View, draft: OrderDraft): DraftView {
  const { services, addons, domains } = itemViews(world, draft);
  const { confirm_email, generate_invoice, send_invoice, override_recipients } = draft.options;
  return {
    services: keyed(services, (s) => s.service_id),
    addons,
    domains: keyed(domains, (d) => d.domain_id),
    customizations: [],
    dom_customizations: [],
    id: Number(draft.id),
    client_id: Number(draft.client_id),
    module: Number(draft.module),
    date: draft.date,
    discount: draft.discount,
    scenario_id: Number(draft.scenario_id),
    staff_member_id: Number(draft.staff_member_id),
    contract_id: draft.contract_id,
    commitment_date: draft.commitment_date,
    affiliate_id: Number(draft.affiliate_id),
    metadata: false,
    estimate_id: draft.estimate_id,
    options: { confirm_email, generate_invoice, send_invoice, override_recipients },
    available_recipients: recipients(world, draft.client_id),
    ...draftTotals(services, addons, domains, draft.discount),
  };
}

/** A draft as getClientDraftOrders lists it: the total as a string, the gateway by name, "-" for no estimate. */
export function draftListItem(world: View, draft: OrderDraft): DraftOrderListItem {
  const client = world.get('clients', draft.client_id);
  return {
    id: draft.id,
    date_created: draft.date,
    total: formatCents(draftTotalCents(world, draft)),
    status: 'Draft',
    firstname: client?.firstname ?? '',
    lastname: client?.lastname ?? '',
    companyname: client?.companyname ?? '',
    module: gatewayName(world, draft.module),
    client_id: draft.client_id,
    currency_id: draft.currency_id,
    estimate_id: draft.estimate_id === '0' ? '-' : draft.estimate_id,
  };
}

/**
 * What a draft orders, as placeOrder takes it: each service with its addons (an
 * addon of qty n attached n times to every unit), each domain by its label and TLD.
 */
export function draftOrderItems(world: View, draft: OrderDraft): { services: ServiceItem[]; domains: DomainItem[] } {
  const services = draft.services.map((s): ServiceItem => {
    const product = world.get('products', s.product_id) ?? notFound('Product', s.product_id);
    const addons = s.addons.flatMap((a) => {
      const addon = world.get('addons', a.addon_id) ?? notFound('Addon', a.addon_id);
      return Array.from({ length: a.qty }, () => ({ addon, cycle: a.cycle }));
    });
    return { product, cycle: s.cycle, host: s.domain, qty: s.qty, addons };
  });
  const domains = draft.domains.map((d): DomainItem => {
    const tld = world.get('products', d.tld_id) ?? notFound('TLD', d.tld_id);
    const suffix = tld.name.toLowerCase();
    const sld = d.name.toLowerCase().endsWith(suffix) ? d.name.slice(0, -suffix.length) : d.name;
    return { action: d.action, sld, tld, period: d.period, eppCode: d.epp_code || undefined };
  });
  return { services, domains };
}
