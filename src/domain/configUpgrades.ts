// Configurable option upgrades (orderConfigUpgrade): checking the new values,
// pricing the change for the rest of the period by the upgrade rule, and the
// upgrade order with its invoice. The values apply when the order is activated
// (applyUpgrades in upgrades.ts).
import type { World } from '../store/world.js';
import type { Account, Invoice, Order, OrderFieldUpgrade, Product, ProductForm } from '../generated/wire.js';
import { ApiError, fail, messages, notFound } from '../errors.js';
import { requireClient } from './clients.js';
import { type RecurringCycle, cycleCode, isRecurring } from './cycles.js';
import { requireEnabledGateway } from './gateways.js';
import { newOrder } from './orders.js';
import { type Choice, choicesOf, formsOf, itemChoice, serviceCents, unitsChoice, valuesOf } from './productForms.js';
import { pendingUpgrade, placed, proRataCents, upgradeInvoice } from './upgrades.js';

export interface ConfigUpgradeSpec {
  account: Account;
  /** New value per form id: an item id (select) or a quantity (qty). */
  values: Record<string, string>;
  gatewayId?: string;
  /** The name the caller's door gives the values' parameter, for the messages (the Admin API's `new` by default). */
  param?: string;
  now: Date;
}

/** One category's change: the form, the value before (none when the service had none) and after. */
interface Change {
  form: ProductForm;
  old?: Choice;
  next: Choice;
}

/** The new value of one form as a choice, or the problem with it. */
function choiceFor(form: ProductForm, value: string, param: string): Choice | string {
  return form.type === 'select' ? itemChoice(form, value, param) : unitsChoice(form, value, param);
}

const sameChoice = (a: Choice | undefined, b: Choice) => a !== undefined && a.item.id === b.item.id && a.qty === b.qty;

/** Every problem with the request at once, or the changes it makes and the product and cycle they are priced on. */
function checkConfigUpgrade(
  world: World,
  spec: ConfigUpgradeSpec,
): { product: Product; cycle: RecurringCycle; changes: Change[]; gateway: string } {
  const { account, values } = spec;
  const param = spec.param ?? 'new';
  const problems: string[] = [];
  if (account.status !== 'Active') problems.push(messages.upgradeNeedsActive(account.id, account.status));
  const cycle = cycleCode(account.billingcycle);
  if (cycle === undefined || !isRecurring(cycle)) problems.push(messages.upgradeNotRecurring(account.id, account.billingcycle));
  const product = world.get('products', account.product_id) ?? notFound('Product', account.product_id);
  const forms = formsOf(world, product.id);
  const current = choicesOf(world, valuesOf(world, account));
  const changes: Change[] = [];
  for (const [formId, value] of Object.entries(values)) {
    const form = forms.find((f) => f.id === formId);
    if (!form) {
      problems.push(
        messages.configFormNotOnProduct(
          formId,
          product.id,
          forms.map((f) => f.id),
          param,
        ),
      );
      continue;
    }
    const next = choiceFor(form, value, param);
    if (typeof next === 'string') problems.push(next);
    else changes.push({ form, old: current.find((c) => c.form.id === form.id), next });
  }
  const moving = changes.filter((c) => !sameChoice(c.old, c.next));
  if (problems.length === 0 && moving.length === 0) problems.push(messages.configNothing(account.id, param));
  const pending = pendingUpgrade(world, account.id);
  if (pending) problems.push(messages.upgradePending(account.id, pending.id));
  let gateway = account.payment_module;
  try {
    if (spec.gatewayId !== undefined) gateway = requireEnabledGateway(world, spec.gatewayId, 'module').id;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    problems.push(...error.messages);
  }
  if (problems.length > 0) fail(problems);
  return { product, cycle: cycle as RecurringCycle, changes: moving, gateway };
}

const shown = (c: Choice | undefined) => (c === undefined ? 'none' : c.form.type === 'qty' ? c.qty : c.item.name);

export interface PlacedConfigUpgrade {
  order: Order;
  invoice?: Invoice;
  /** The service's recurring price after the change, in cents of its currency. */
  newTotalCents: number;
}

/**
 * Checks the change, then writes the upgrade order (one field upgrade per
 * changed category) and, when the change costs anything, its Unpaid invoice:
 * one Upgrade line for the new recurring price against the old one over the
 * rest of the period, on the service's own cycle. A change that costs nothing
 * has no invoice: its order is Active at once and the values apply.
 */
export function placeConfigUpgrade(world: World, spec: ConfigUpgradeSpec): PlacedConfigUpgrade {
  const { account, now } = spec;
  const { product, cycle, changes, gateway } = checkConfigUpgrade(world, spec);
  const client = requireClient(world, account.client_id);
  const before = choicesOf(world, valuesOf(world, account));
  const after = [...before.filter((c) => !changes.some((ch) => ch.form.id === c.form.id)), ...changes.map((ch) => ch.next)];
  const oldCents = serviceCents(world, product, cycle, account.currency_id, before);
  const newTotalCents = serviceCents(world, product, cycle, account.currency_id, after);
  const amount = proRataCents({ oldCents, oldCycle: cycle, newCents: newTotalCents, newCycle: cycle, nextDue: account.next_due, now });

  const what = changes.map((ch) => `${ch.form.name} ${shown(ch.old)} => ${shown(ch.next)}`).join(', ');
  const invoice = upgradeInvoice(world, {
    client,
    account,
    gateway,
    amount,
    what: `${product.name} options: ${what}`,
    taxed: product.tax === '1',
    now,
  });
  const fieldupgrades: OrderFieldUpgrade[] = changes.map((ch) => ({
    account_id: account.id,
    form_id: ch.form.id,
    old_item_id: ch.old?.item.id ?? '0',
    old_qty: ch.old?.qty ?? '0',
    new_item_id: ch.next.item.id,
    new_qty: ch.next.qty,
    status: 'Pending',
  }));
  const order: Order = {
    ...newOrder(world, {
      clientId: client.id,
      currencyId: account.currency_id,
      paymentModule: gateway,
      total: invoice?.total ?? '0.00',
      invoiceId: invoice?.id,
      now,
    }),
    fieldupgrades,
  };
  return placed(world, order, invoice, newTotalCents);
}
