import { defineOperation } from '../operation.js';
import { RECURRING_CYCLES, SETUP_PRICES } from '../../domain/cycles.js';
import type { Addon, AddonListItem, GetAddonsRequest, GetAddonsResult } from '../../generated/wire.js';
import { pick } from '../../domain/views.js';
import { addonsInOrder } from '../../domain/addons.js';

/** The catalogue record in the real answer's order, parentactive added, then paytype and the prices. */
function addonItem(addon: Addon): AddonListItem {
  const { id, products, name, description, visible, unique, taxable, system, hidden, autosetup, sort_order, module, modulename, paytype } =
    addon;
  return {
    id,
    products,
    name,
    description,
    visible,
    unique,
    taxable,
    system,
    hidden,
    autosetup,
    sort_order,
    module,
    // billsim has no switched-off modules, so every addon's module counts as active.
    parentactive: '1',
    modulename,
    paytype,
    ...pick(addon, SETUP_PRICES),
    ...pick(addon, RECURRING_CYCLES),
  };
}

export default defineOperation<GetAddonsRequest, GetAddonsResult>({
  mutates: false,
  run(_params, { world }) {
    return { addons: addonsInOrder(world).map(addonItem) };
  },
});
