// Placing an order: the one way addOrder, convertOrderDraft and the customer's
// door turn what a client buys into an order, Pending services, domains and
// (when asked) its Unpaid invoice. planOrder checks and prices everything
// without writing (a quote is the plan's invoice); placeOrder writes the plan,
// so a refused order leaves no trace and a quote is what the order charges.
import { servicePeriodLine } from './renewals.js';
import type { View, World } from '../store/world.js';
import type { Account, AccountAddon, AccountForm, Addon, Client, Domain, Invoice, Order, Product } from '../generated/wire.js';
import { ApiError, fail, messages } from '../errors.js';
import { addonLines, checkAddonFits, chooseCycle, newAccountAddon } from './accounts.js';
import { MAIN_PARENT_ID } from './clients.js';
import { fromMainCents } from './currencies.js';
import { type Cycle, cyclePriceCents, offeredCycles } from './cycles.js';
import { checkSld, domainHeld, newDomain, offeredPeriods, tldPriceCents, registeredElsewhere } from './domains.js';
import { defaultGatewayId, requireEnabledGateway } from './gateways.js';
import { formatDate } from '../lib/dates.js';
import { type NewLine, issueInvoice, newInvoice } from './invoices.js';
import { formatCents } from './money.js';
import { newOrder } from './orders.js';
import { isTld, soldTlds } from './products.js';
import { newService } from './services.js';
import { orderCreated } from './events.js';
import { type Choice, optionCents } from './productForms.js';

export interface ServiceItem {
  product: Product;
  cycle: Cycle;
  /** The hostname or domain the service runs under ("" for none). */
  host: string;
  /** How many services of this product; each is its own service. */
  qty?: number;
  /** Addons attached to each service of the item, on the cycle asked for (else the service's own). */
  addons?: { addon: Addon; cycle?: Cycle }[];
  /** The configurable options chosen for each service of the item (checked by the caller: orderedChoices). */
  choices?: readonly Choice[];
  /** A price and setup fee agreed for this order, in main-currency cents, instead of the catalogue's. */
  priceCents?: number;
  setupCents?: number;
}

export interface DomainItem {
  action: 'Register' | 'Transfer';
  sld: string;
  tld: Product;
  period: string;
  eppCode?: string;
  idprotection?: boolean;
  nameservers?: readonly string[];
}

/** Who orders: a client, or (for a quote at the customer's door) a visitor priced as a client with no tax rules. */
export type Buyer = Pick<Client, 'id' | 'parent_id' | 'status' | 'currency_id' | 'country' | 'state' | 'taxexempt'>;

export interface OrderSpec {
  client: Buyer;
  /** Gateway id (the calls' `module` parameter); "0" or undefined: the client's default, the first enabled gateway. */
  paymentModule?: string;
  /** The parameter that named the gateway, for a refusal ("module" unless given). */
  gatewayParam?: string;
  services: readonly ServiceItem[];
  domains: readonly DomainItem[];
  /** Create the Unpaid invoice for the first period (when there is anything to pay). */
  invoice: boolean;
  /** A free order: everything costs 0.00 and no invoice is made. */
  free?: boolean;
  ip?: string;
  notes?: string;
  now: Date;
}

export interface PlacedOrder {
  order: Order;
  services: Account[];
  addons: AccountAddon[];
  /** The services' chosen options, as getAccountDetails shows them. */
  forms: AccountForm[];
  domains: Domain[];
  invoice?: Invoice;
}

/** An order checked and priced, not yet written: `bill` is the invoice it makes (stored only when `invoice` is set). */
export interface PlannedOrder extends PlacedOrder {
  bill: Invoice;
}

/** Why the order cannot be placed: the order's own problems, and each service's and domain's, by position. */
export interface OrderProblems {
  order: string[];
  services: string[][];
  domains: string[][];
}

/** The TLD product for ".com", "com" or a TLD product id; refuses a TLD the world does not sell. */
export function findTld(world: View, given: string): Product {
  const byId = world.get('products', given);
  if (byId && isTld(byId)) return byId;
  const name = `.${given.replace(/^\./, '').toLowerCase()}`;
  const tlds = soldTlds(world);
  return (
    tlds.find((p) => p.name.toLowerCase() === name) ??
    fail(
      messages.tldNotSold(
        given,
        tlds.map((p) => p.name),
      ),
    )
  );
}

function checkClient(client: Buyer): void {
  if (client.parent_id !== MAIN_PARENT_ID) fail(messages.orderForContact(client.id, client.parent_id));
  if (client.status !== 'Active') fail(messages.clientCannotOrder(client.id, client.status));
}

function checkService(item: ServiceItem): void {
  if (isTld(item.product)) fail(messages.productIsTld(item.product.id, item.product.name));
  const offered = offeredCycles(item.product);
  if (!offered.includes(item.cycle)) fail(messages.cycleNotOffered(item.product.id, item.cycle, offered));
}

/** A domain item's full name, once its period is priced and no one holds the name (`names`: those already in the order). */
export function checkDomain(world: View, item: DomainItem, names: Set<string>): string {
  const name = `${checkSld(item.sld)}${item.tld.name.toLowerCase()}`;
  const action = item.action === 'Register' ? 'register' : 'transfer';
  if (tldPriceCents(item.tld, item.period, action) === undefined) {
    fail(messages.periodNotOffered(item.tld.name, item.period, item.action, offeredPeriods(item.tld, item.action)));
  }
  const held = domainHeld(world, name);
  if (held) fail(messages.domainHeld(name, held.id, held.status));
  // A name someone holds at another provider can be transferred in, not registered again.
  if (item.action === 'Register' && registeredElsewhere(world, name)) fail(messages.domainRegisteredElsewhere(name));
  if (names.has(name)) fail(messages.domainTwice(name));
  names.add(name);
  return name;
}

/** An option's line: "VPS 1GB - Extra IPs: 2 x IPv4 address", what it adds to the period. */
function optionLine(service: Account, product: Product, choice: Choice, cents: number): NewLine {
  const what = choice.form.type === 'qty' ? `${choice.qty} x ${choice.item.name}` : choice.item.name;
  const description = `${product.name} - ${choice.form.name}: ${what}`;
  return { type: 'Config', item_id: service.id, description, amount: formatCents(cents), taxed: product.tax === '1' };
}

/** The first period's lines: the product's own price, one line per chosen option (service.total is their sum), the setup fee. */
function serviceLines(
  service: Account,
  item: ServiceItem,
  priceCents: number,
  options: number[],
  setupCents: number,
  now: Date,
): NewLine[] {
  const { product, cycle } = item;
  const taxed = product.tax === '1';
  const lines: NewLine[] = [{ ...servicePeriodLine(service, product, cycle, now), amount: formatCents(priceCents) }];
  lines.push(...(item.choices ?? []).map((choice, n) => optionLine(service, product, choice, options[n])));
  if (setupCents > 0) {
    lines.push({ type: 'Setup', item_id: service.id, description: `${product.name} - setup fee`, amount: formatCents(setupCents), taxed });
  }
  return lines;
}

function domainLine(domain: Domain, tld: Product): NewLine {
  const register = domain.type === 'Register';
  return {
    type: register ? 'Domain Register' : 'Domain Transfer',
    item_id: domain.id,
    description: `${register ? 'Domain Registration' : 'Domain Transfer'}: ${domain.name} Period: ${domain.period} Year/s`,
    amount: domain.firstpayment,
    taxed: tld.tax === '1',
  };
}

const problemsOf = (check: () => void): string[] => {
  try {
    check();
    return [];
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return error.messages;
  }
};

/** Every problem of the order at once, without writing; all lists empty when it can be placed. */
export function orderProblems(world: View, spec: OrderSpec): OrderProblems {
  const order = [...problemsOf(() => checkClient(spec.client)), ...problemsOf(() => orderGateway(world, spec))];
  const names = new Set<string>();
  return {
    order,
    services: spec.services.map((item) => problemsOf(() => checkService(item))),
    domains: spec.domains.map((item) => problemsOf(() => checkDomain(world, item, names))),
  };
}

/** The gateway the order is paid with: the one named (enabled), else the default. */
function orderGateway(world: View, spec: OrderSpec): string {
  // The order calls (addOrder, convertOrderDraft) name the gateway `module`, so a refusal must too.
  return spec.paymentModule && spec.paymentModule !== '0'
    ? requireEnabledGateway(world, spec.paymentModule, spec.gatewayParam ?? 'module').id
    : defaultGatewayId(world);
}

/** Checks the whole order (every problem at once) and prices it, writing nothing: the order, its records and its invoice. */
export function planOrder(world: View, spec: OrderSpec): PlannedOrder {
  const { client, now } = spec;
  const problems = orderProblems(world, spec);
  const all = [...problems.order, ...problems.services.flat(), ...problems.domains.flat()];
  if (all.length > 0) fail(all);
  const gateway = orderGateway(world, spec);
  const names = new Set<string>();
  const domainNames = spec.domains.map((item) => checkDomain(world, item, names));

  const currencyId = client.currency_id;
  const inCurrency = (cents: number) => (spec.free ? 0 : fromMainCents(world, cents, currencyId));
  const order = newOrder(world, {
    clientId: client.id,
    currencyId,
    paymentModule: gateway,
    total: '0.00',
    ip: spec.ip,
    notes: spec.notes,
    now,
  });
  const ids = {
    account: Number(world.nextId('accounts')),
    addon: Number(world.nextId('account_addons')),
    form: Number(world.nextId('account_forms')),
    domain: Number(world.nextId('domains')),
  };
  const placed: PlacedOrder = { order, services: [], addons: [], forms: [], domains: [] };
  const lines: NewLine[] = [];

  for (const item of spec.services) {
    const catalogue = cyclePriceCents(item.product, item.cycle);
    const price = inCurrency(item.priceCents ?? catalogue.price);
    const setup = inCurrency(item.setupCents ?? catalogue.setup);
    // Options are priced as the service's recurring price prices them (serviceCents), in its currency.
    const options = (item.choices ?? []).map((c) => (spec.free ? 0 : optionCents(world, c.item, c.qty, item.cycle, currencyId)));
    const recurring = price + options.reduce((sum, cents) => sum + cents, 0);
    for (let n = 0; n < (item.qty ?? 1); n++) {
      const base = { clientId: client.id, orderId: order.id, product: item.product, cycle: item.cycle, host: item.host };
      const service = newService(world, {
        ...base,
        paymentModule: gateway,
        currencyId,
        priceCents: recurring,
        setupCents: setup,
        now,
        id: String(ids.account++),
      });
      placed.services.push(service);
      lines.push(...serviceLines(service, item, price, options, setup, now));
      for (const { form, item: chosen, qty } of item.choices ?? []) {
        placed.forms.push({ id: String(ids.form++), account_id: service.id, form_id: form.id, item_id: chosen.id, qty });
      }
      for (const wanted of item.addons ?? []) {
        checkAddonFits(world, wanted.addon, service);
        const cycle = chooseCycle(wanted.addon, service, wanted.cycle);
        const row = newAccountAddon(world, {
          account: service,
          addon: wanted.addon,
          cycle,
          paymentModule: gateway,
          now,
          id: String(ids.addon++),
        });
        const free = spec.free ? { ...row, recurring_amount: '0.00', setup_fee: '0.00' } : row;
        placed.addons.push(free);
        lines.push(...addonLines(free, cycle, item.product.tax === '1'));
      }
    }
  }
  spec.domains.forEach((item, n) => {
    const first = inCurrency(tldPriceCents(item.tld, item.period, item.action === 'Register' ? 'register' : 'transfer') ?? 0);
    const renew = fromMainCents(world, tldPriceCents(item.tld, item.period, 'renew') ?? 0, currencyId);
    const domain = newDomain(world, {
      clientId: client.id,
      orderId: order.id,
      tld: item.tld,
      name: domainNames[n],
      action: item.action,
      period: item.period,
      eppCode: item.eppCode ?? '',
      paymentModule: gateway,
      currencyId,
      firstCents: first,
      renewCents: renew,
      idprotection: item.idprotection ?? false,
      nameservers: item.nameservers,
      now,
      id: String(ids.domain++),
    });
    placed.domains.push(domain);
    lines.push(domainLine(domain, item.tld));
  });

  const bill = newInvoice(world, { client, currency_id: currencyId, payment_module: gateway, date: formatDate(now), lines });
  const billed = spec.invoice && !spec.free && bill.total !== '0.00';
  placed.invoice = billed ? bill : undefined;
  placed.order = { ...order, total: bill.total, invoice_id: billed ? bill.id : '0' };

  return { ...placed, bill };
}

/** Checks the whole order, then writes it: order, services, addons, domains and invoice, all or nothing. `bill` is the invoice as planned (stored only when `invoice` is set). */
export function placeOrder(world: World, spec: OrderSpec): PlannedOrder {
  const placed = planOrder(world, spec);
  world.insert('orders', placed.order);
  for (const service of placed.services) world.insert('accounts', service);
  for (const row of placed.addons) world.insert('account_addons', row);
  for (const row of placed.forms) world.insert('account_forms', row);
  for (const domain of placed.domains) world.insert('domains', domain);
  orderCreated(world, placed.order);
  if (placed.invoice) issueInvoice(world, placed.invoice, spec.now);
  return placed;
}
