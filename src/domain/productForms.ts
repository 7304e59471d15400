// Configurable options: a product's option categories ("forms") with their
// items and prices, the values a service has chosen, and what they add to the
// service's recurring price.
import type { View, World } from '../store/world.js';
import type { Account, AccountForm, AccountOption, Product, ProductDetailsForm, ProductForm, ProductFormItem } from '../generated/wire.js';
import { fromMainCents, type PriceView } from './currencies.js';
import { type Cycle, RECURRING_CYCLES, isRecurring } from './cycles.js';
import { formatCents, toCents } from './money.js';
import { recurringCents } from './services.js';

/** A product's forms, through the index by product. */
export function formsOf(world: View, productId: string): readonly ProductForm[] {
  return world.where('product_forms', 'product_id', productId);
}

/**
 * A service's values in the forms of its current product. A value kept for a
 * form of another product (the service moved) counts for nothing.
 */
export function valuesOf(world: View, account: Account): AccountForm[] {
  return world
    .where('account_forms', 'account_id', account.id)
    .filter((value) => world.get('product_forms', value.form_id)?.product_id === account.product_id);
}

export const itemOf = (form: ProductForm, itemId: string): ProductFormItem | undefined => form.items.find((i) => i.id === itemId);

/** What one value adds on a cycle, in cents of the service's currency: the item's price times the quantity. */
export function optionCents(world: View, item: ProductFormItem, qty: string, cycle: Cycle, currencyId: string): number {
  if (!isRecurring(cycle)) return 0;
  return fromMainCents(world, toCents(item[cycle]) * Number(qty), currencyId);
}

export interface Choice {
  form: ProductForm;
  item: ProductFormItem;
  qty: string;
}

/** The values as form, item and quantity; a value whose form or item is gone is skipped. */
export function choicesOf(world: View, values: readonly AccountForm[]): Choice[] {
  return values.flatMap((value) => {
    const form = world.get('product_forms', value.form_id);
    const item = form && itemOf(form, value.item_id);
    return form && item ? [{ form, item, qty: value.qty }] : [];
  });
}

/** A service's recurring price on a product and cycle: the product's price plus the chosen options. */
export function serviceCents(world: View, product: Product, cycle: Cycle, currencyId: string, choices: readonly Choice[]): number {
  const options = choices.reduce((sum, c) => sum + optionCents(world, c.item, c.qty, cycle, currencyId), 0);
  return recurringCents(world, product, cycle, currencyId) + options;
}

/** Sets a service's value in a form (one record per service and form). */
export function setValue(world: World, accountId: string, formId: string, itemId: string, qty: string): void {
  const kept = world.where('account_forms', 'account_id', accountId).find((v) => v.form_id === formId);
  if (kept) world.replace('account_forms', { ...kept, item_id: itemId, qty });
  else world.insert('account_forms', { id: world.nextId('account_forms'), account_id: accountId, form_id: formId, item_id: itemId, qty });
}

/** getProductDetails' `options`: the product's forms keyed by id, or PHP's empty array. */
export function productFormsView(world: View, product: Product, view: PriceView): Record<string, ProductDetailsForm> | never[] {
  const forms = formsOf(world, product.id);
  if (forms.length === 0) return [];
  const out: Record<string, ProductDetailsForm> = {};
  for (const f of forms) {
    out[f.id] = {
      id: f.id,
      type: { type: f.type, group: f.type, langid: f.type },
      name: f.name,
      key: f.key,
      variable: f.variable,
      description: f.description,
      options: f.options,
      config: { ...f.config },
      product_id: product.id,
      product_paytype: product.paytype,
      items: f.items.map((item) => {
        const priced = { ...item };
        for (const cycle of RECURRING_CYCLES) priced[cycle] = view(item[cycle]);
        return priced;
      }),
    };
  }
  return out;
}

/** getAccountDetails' `options`: the service's values keyed by form id, or PHP's empty array. */
export function accountOptionsView(world: View, account: Account, cycle: Cycle | undefined): Record<string, AccountOption> | never[] {
  const choices = choicesOf(world, valuesOf(world, account));
  if (choices.length === 0) return [];
  const out: Record<string, AccountOption> = {};
  for (const { form, item, qty } of choices) {
    const cents = cycle === undefined ? 0 : optionCents(world, item, qty, cycle, account.currency_id);
    out[form.id] = {
      id: form.id,
      name: form.name,
      type: form.type,
      variable: form.variable,
      item_id: item.id,
      item_name: item.name,
      qty,
      price: formatCents(cents),
    };
  }
  return out;
}
