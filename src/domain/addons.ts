// The addon catalogue as the catalogue calls show it: the order it is listed
// in, one addon's details, and the addons that go with a product. Which
// products an addon goes with is accounts.ts's rule (addonProducts).
import type { View } from '../store/world.js';
import type { Addon, AddonDetails, ApplicableAddon, ProductApplicableAddons } from '../generated/wire.js';
import { addonGoesWith, addonProducts } from './accounts.js';
import { prices } from './catalogue.js';
import type { PriceView } from './currencies.js';
import { RECURRING_CYCLES, SETUP_PRICES } from './cycles.js';
import { pick } from './views.js';

/** The catalogue by sort_order (ascending, as the real samples' -18, -15 show), then id. */
export function addonsInOrder(world: View): Addon[] {
  return [...world.all('addons')].sort((a, b) => Number(a.sort_order) - Number(b.sort_order) || Number(a.id) - Number(b.id));
}

/**
 * getAddonDetails' `addon`: the published order up to `parentmod`, where every
 * copy of the sample ends, then parentactive and modulename as getAddons has them.
 * `products` is the split of the real stored list, which starts with a comma.
 */
export function addonDetails(addon: Addon, view: PriceView): AddonDetails {
  return {
    id: addon.id,
    products: ['', ...addonProducts(addon)],
    ...pick(addon, ['name', 'description', 'visible', 'unique', 'taxable', 'system', 'hidden', 'autosetup', 'sort_order'] as const),
    rel: 'Addon',
    paytype: addon.paytype,
    ...prices(addon, SETUP_PRICES, view),
    ...prices(addon, RECURRING_CYCLES, view),
    // billsim keeps no translations: the tags repeat the texts.
    tag_name: addon.name,
    tag_description: addon.description,
    module: addon.module,
    parentmod: '',
    parentactive: '1',
    modulename: addon.modulename,
  };
}

/** An addon as getProductApplicableAddons lists it: its product ids each after a comma (",8,9"), as the real answer writes them. */
function applicableItem(addon: Addon): ApplicableAddon {
  return {
    id: addon.id,
    name: addon.name,
    products: addonProducts(addon)
      .map((id) => `,${id}`)
      .join(''),
  };
}

/** The whole catalogue, and whether any addon goes with the product (`applied`) or exists at all (`available`). */
export function applicableAddons(world: View, productId: string): ProductApplicableAddons {
  const addons = addonsInOrder(world);
  return {
    addons: addons.map(applicableItem),
    applied: addons.some((addon) => addonGoesWith(addon, productId)),
    available: addons.length > 0,
  };
}
