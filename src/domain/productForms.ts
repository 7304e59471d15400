// Configurable options: a product's option categories ("forms") with their
// items and prices, the values a service has chosen, and what they add to the
// service's recurring price.
import type { View, World } from '../store/world.js';
import type { Account, AccountForm, AccountOption, Product, ProductDetailsForm, ProductForm, ProductFormItem } from '../generated/wire.js';
import { messages } from '../errors.js';
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

/** A form flagged required (the vendor's options bit 1) must be chosen when the product is ordered. */
export const isRequired = (form: ProductForm): boolean => (Number(form.options) & 1) === 1;

/** A quantity form's units as a choice of its single item, or why not: a whole number within the form's range. */
export function unitsChoice(form: ProductForm, value: string, param: string): Choice | string {
  if (!/^[0-9]{1,15}$/.test(value)) return messages.configQtyNotWhole(form.id, form.name, value, param);
  const [min, max] = [form.config.minvalue ?? '0', form.config.maxvalue ?? String(Number.MAX_SAFE_INTEGER)];
  const qty = String(Number(value));
  if (Number(qty) < Number(min) || Number(qty) > Number(max))
    return messages.configQtyOutOfRange(form.id, form.name, value, min, max, param);
  return { form, item: form.items[0] as ProductFormItem, qty };
}

/** A select form's item as a choice (quantity 1), or why not. */
export function itemChoice(form: ProductForm, itemId: string, param: string): Choice | string {
  const item = itemOf(form, itemId);
  const ids = form.items.map((i) => i.id);
  return item ? { form, item, qty: '1' } : messages.configItemNotInForm(form.id, form.name, itemId, ids, param);
}

/** What an order names in one form: an item id (custom[F]=I) or item ids with quantities (custom[F][I]=Q). */
export type OrderedValue = string | Readonly<Record<string, string>>;

function orderedChoice(form: ProductForm, value: OrderedValue, param: string): Choice | string {
  if (form.type === 'select') {
    if (typeof value !== 'string')
      return messages.configSelectTakesItem(
        form.id,
        form.name,
        form.items.map((i) => i.id),
        param,
      );
    return itemChoice(form, value, param);
  }
  const [single] = form.items;
  const entries = typeof value === 'string' ? [] : Object.entries(value);
  if (entries.length !== 1) return messages.configQtyTakesUnits(form.id, form.name, single.id, param);
  const [[itemId, qty]] = entries;
  if (itemId !== single.id) return messages.configItemNotInForm(form.id, form.name, itemId, [single.id], param);
  return unitsChoice(form, qty, param);
}

/**
 * The options an order chooses for a product (`custom` of the customer's
 * door), checked all at once: every form named is the product's, every item
 * one of its form's, every quantity whole and within range, every required
 * form given. `param` names the parameter in the messages ("custom").
 */
export function orderedChoices(
  world: View,
  product: Product,
  custom: Readonly<Record<string, OrderedValue>>,
  param: string,
): { choices: Choice[]; problems: string[] } {
  const forms = formsOf(world, product.id);
  const choices: Choice[] = [];
  const problems: string[] = [];
  for (const [formId, value] of Object.entries(custom)) {
    const form = forms.find((f) => f.id === formId);
    const choice = form
      ? orderedChoice(form, value, param)
      : messages.configFormNotOnProduct(
          formId,
          product.id,
          forms.map((f) => f.id),
          param,
        );
    if (typeof choice === 'string') problems.push(choice);
    else choices.push(choice);
  }
  for (const form of forms) {
    if (isRequired(form) && !(form.id in custom)) problems.push(messages.configFormRequired(form.id, form.name, product.id, param));
  }
  return { choices, problems };
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
