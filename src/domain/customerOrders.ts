// The storefront's quote and order at the customer's door (POST /api/quote,
// /api/order, /api/order/{product_id}). What the client sends is read into the
// order addOrder places (src/domain/placeOrder.ts): the same checks, the same
// prices, the same records. A quote is the plan of that order, never written,
// so it prices exactly what the order charges.
import type { Affiliate, Client, Invoice, Product, UserApiOrderItemInput } from '../generated/wire.js';
import { ApiError, Checks, fail, messages, notFound } from '../errors.js';
import type { View, World } from '../store/world.js';
import { newOrderReferralProblems, referOrder } from './affiliates.js';
import { requireClient } from './clients.js';
import { MAIN_CURRENCY_ID } from './currencies.js';
import { type Cycle, offeredCycles } from './cycles.js';
import { checkSld, splitDomainName } from './domains.js';
import { nameserverList } from './customerDomains.js';
import { formatCents, lineCents } from './money.js';
import { orderedChoices } from './productForms.js';
import { recordOrderEmails } from './outbox.js';
import {
  type Buyer,
  type DomainItem,
  findTld,
  type OrderSpec,
  orderProblems,
  type PlannedOrder,
  placeOrder,
  type ServiceItem,
} from './placeOrder.js';

/** What the order routes and the quote take, beside their items. */
export interface CustomerOrderInput {
  items: readonly UserApiOrderItemInput[];
  pay_method?: string;
  promocode?: string;
  aff_id?: string;
  ignore_errors?: boolean | string;
}

/** The order read from the input: its spec, each kept item's place in the input, the referrer and what was left out. */
export interface CustomerOrder {
  spec: OrderSpec;
  /** Input positions of spec.services, then of spec.domains. */
  services: number[];
  domains: number[];
  affiliate?: Affiliate;
  leftOut: string[];
}

/** Who a visitor's quote is priced for: the main currency, no country and so no tax. */
const VISITOR: Buyer = { id: '0', parent_id: '0', status: 'Active', currency_id: MAIN_CURRENCY_ID, country: '', state: '', taxexempt: '0' };

/** The buyer of a quote or order: the caller's client, or a visitor. */
export function buyerOf(world: View, clientId: string | undefined): Buyer {
  return clientId === undefined ? VISITOR : requireClient(world, clientId);
}

const isOn = (flag: boolean | string | undefined) => flag === true || flag === '1' || flag === 'true';

/** A product item and the problems of its options; the item is still checked with the order, so every problem is named. */
function serviceItem(
  world: View,
  item: UserApiOrderItemInput,
  param: (name: string) => string,
): { service: ServiceItem; problems: string[] } {
  if (item.product_id === undefined) fail(messages.paramRequired(param('product_id')));
  const product = world.get('products', item.product_id) ?? notFound('Product', item.product_id);
  // Without a cycle, the first the product is sold on, as its order page lists them first.
  const cycle: Cycle = item.cycle ?? offeredCycles(product)[0] ?? 'm';
  const { choices, problems } = orderedChoices(world, product, item.custom ?? {}, param('custom'));
  return { service: { product, cycle, host: item.domain ?? '', choices }, problems };
}

/** What a domain order names, alike in POST /api/order's domain items and POST /api/domain/order. */
export interface DomainOrderInput {
  name?: string;
  action?: 'register' | 'transfer';
  years?: string;
  epp?: string;
  /** The TLD product, when `name` is only the label under it. */
  tld_id?: string;
  nameservers?: readonly string[];
}

/** The name as a label and its TLD: a full name, or a label under tld_id. */
function nameOf(world: View, name: string, tldId: string | undefined, param: string): { sld: string; tld: Product } {
  if (tldId === undefined) {
    const { label, tld } = splitDomainName(world, name, param);
    return { sld: label, tld };
  }
  const tld = findTld(world, tldId);
  const lower = name.toLowerCase();
  const label = lower.endsWith(tld.name.toLowerCase()) ? lower.slice(0, -tld.name.length) : lower;
  return { sld: checkSld(label, param), tld };
}

/**
 * The one reader of a domain the customer's door orders, every problem at
 * once: its name, an EPP code only for a transfer, and 2 to 4 nameservers (or
 * none, for the defaults) by the rule PUT /api/domain/{id}/ns follows.
 */
export function readDomainItem(world: View, item: DomainOrderInput, param: (name: string) => string): DomainItem {
  if (item.name === undefined) fail(messages.paramRequired(param('name')));
  const checks = new Checks();
  const transfer = item.action === 'transfer';
  if (!transfer && item.epp) checks.pass(() => fail(messages.eppCodeForRegister(param('epp'), param('action'))));
  const named = checks.value(() => nameOf(world, item.name as string, item.tld_id, param('name')));
  const given = item.nameservers ?? [];
  const nameservers = given.length > 0 ? checks.value(() => nameserverList(given, param('nameservers'))) : [];
  const ready = checks.settle({ named, nameservers });
  return {
    action: transfer ? 'Transfer' : 'Register',
    ...ready.named,
    period: item.years ?? '1',
    eppCode: item.epp,
    nameservers: ready.nameservers.length > 0 ? ready.nameservers : undefined,
  };
}

/**
 * The affiliate `aff_id` names and why it cannot refer the buyer's new order
 * (every reason at once), for every order route of the customer's door.
 */
export function readReferrer(world: View, buyerId: string, affId: string | undefined): { affiliate?: Affiliate; problems: string[] } {
  if (affId === undefined) return { problems: [] };
  const affiliate = world.get('affiliates', affId);
  if (!affiliate) return { problems: [messages.orderAffiliateUnknown(affId)] };
  return { affiliate, problems: newOrderReferralProblems(affiliate, buyerId) };
}

/** The items read one by one: the services and domains to order, each one's place in the input, and each input item's problems. */
interface ReadItems {
  services: ServiceItem[];
  domains: DomainItem[];
  serviceAt: number[];
  domainAt: number[];
  problems: string[][];
}

function readItems(world: View, items: readonly UserApiOrderItemInput[], single: boolean): ReadItems {
  const read: ReadItems = { services: [], domains: [], serviceAt: [], domainAt: [], problems: items.map(() => []) };
  for (const [n, item] of items.entries()) {
    const param = (name: string) => (single ? name : `items[${n}][${name}]`);
    try {
      if (item.type === 'product') {
        const { service, problems } = serviceItem(world, item, param);
        read.services.push(service);
        read.serviceAt.push(n);
        read.problems[n].push(...problems);
      } else {
        read.domains.push(readDomainItem(world, item, param));
        read.domainAt.push(n);
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      read.problems[n].push(...error.messages);
    }
  }
  return read;
}

/**
 * Reads the input into the order addOrder would place, checking everything at
 * once: the promotion code, the referrer, each item (its product, cycle, name)
 * and what placeOrder checks (client, gateway, a name already taken). A refusal
 * names every problem; with ignore_errors an item's problems leave it out
 * instead (named in leftOut), while the order's own still refuse it.
 * `single`: the route of one product, whose problems name no item.
 */
export function readCustomerOrder(world: View, buyer: Buyer, input: CustomerOrderInput, now: Date, single = false): CustomerOrder {
  const orderLevel = input.promocode ? [messages.promocodeUnknown(input.promocode)] : [];
  const { affiliate, problems: referral } = readReferrer(world, buyer.id, input.aff_id);
  orderLevel.push(...referral);
  const read = readItems(world, input.items, single);
  const { problems } = read;
  const spec: OrderSpec = {
    client: buyer,
    paymentModule: input.pay_method,
    gatewayParam: 'pay_method',
    services: read.services,
    domains: read.domains,
    invoice: true,
    now,
  };
  const placing = orderProblems(world, spec);
  orderLevel.push(...placing.order);
  for (const [k, list] of placing.services.entries()) problems[read.serviceAt[k]].push(...list);
  for (const [k, list] of placing.domains.entries()) problems[read.domainAt[k]].push(...list);

  const named = (n: number) => (single ? problems[n] : problems[n].map((p) => messages.orderItemProblem(n, p)));
  const failing = problems.flatMap((list, n) => (list.length > 0 ? [n] : []));
  const ignore = isOn(input.ignore_errors) && !single && failing.length < input.items.length;
  if (orderLevel.length > 0 || (failing.length > 0 && !ignore)) fail([...orderLevel, ...failing.flatMap(named)]);

  const keep = (n: number) => problems[n].length === 0;
  return {
    spec: {
      ...spec,
      services: read.services.filter((_, k) => keep(read.serviceAt[k])),
      domains: read.domains.filter((_, k) => keep(read.domainAt[k])),
    },
    services: read.serviceAt.filter(keep),
    domains: read.domainAt.filter(keep),
    affiliate,
    leftOut: failing.map((n) => messages.orderItemLeftOut(n, problems[n])),
  };
}

/** The lines of the plan's invoice that bill one service or domain, in cents: its setup fee and the rest. */
function itemCharge(bill: Invoice, itemId: string, domain: boolean): { price: number; setup: number } {
  const lines = bill.items.filter((line) => line.item_id === itemId && line.type.startsWith('Domain') === domain);
  const setup = lines.filter((line) => line.type === 'Setup').reduce((sum, line) => sum + lineCents(line.amount, line.qty), 0);
  const all = lines.reduce((sum, line) => sum + lineCents(line.amount, line.qty), 0);
  return { price: all - setup, setup };
}

export interface PricedItem {
  /** The item's place in the input. */
  at: number;
  type: 'product' | 'domain';
  /** The new service's or domain's id (in a quote, the id it would get). */
  id: string;
  product_id: string;
  name: string;
  cycle?: Cycle;
  domain?: string;
  action?: 'register' | 'transfer';
  years?: string;
  price: string;
  setup: string;
  total: string;
}

/** Each item of a planned or placed order, in the order the input named them, with what its invoice lines charge. */
export function pricedItems(order: CustomerOrder, planned: PlannedOrder): PricedItem[] {
  const money = (charge: { price: number; setup: number }) => ({
    price: formatCents(charge.price),
    setup: formatCents(charge.setup),
    total: formatCents(charge.price + charge.setup),
  });
  const items: PricedItem[] = [];
  planned.services.forEach((service, k) => {
    const wanted = order.spec.services[k];
    const charge = itemCharge(planned.bill, service.id, false);
    const head = {
      at: order.services[k],
      type: 'product' as const,
      id: service.id,
      product_id: wanted.product.id,
      name: wanted.product.name,
    };
    items.push({ ...head, cycle: wanted.cycle, domain: service.domain, ...money(charge) });
  });
  planned.domains.forEach((domain, k) => {
    const wanted = order.spec.domains[k];
    const charge = itemCharge(planned.bill, domain.id, true);
    const head = { at: order.domains[k], type: 'domain' as const, id: domain.id, product_id: wanted.tld.id, name: domain.name };
    items.push({ ...head, action: wanted.action === 'Register' ? 'register' : 'transfer', years: wanted.period, ...money(charge) });
  });
  return items.sort((a, b) => a.at - b.at);
}

export interface PlacedCustomerOrder {
  planned: PlannedOrder;
  items: PricedItem[];
  info: string[];
}

/**
 * Places the order read from the input, as addOrder does with its e-mails
 * (the confirmation and the invoice, as a storefront's order sends them), and
 * names the referrer as setOrderReferrer does.
 */
export function placeCustomerOrder(world: World, client: Client, order: CustomerOrder, now: Date): PlacedCustomerOrder {
  const placed = placeOrder(world, order.spec);
  recordOrderEmails(world, { client, order: placed.order, invoice: placed.invoice, confirm: true, sendInvoice: true }, now);
  const info = [messages.orderPlaced(placed.order.number, placed.order.invoice_id), ...order.leftOut];
  if (order.affiliate) {
    referOrder(world, placed.order, order.affiliate, now);
    info.push(messages.orderReferred(order.affiliate.id));
  }
  return { planned: placed, items: pricedItems(order, placed), info };
}
