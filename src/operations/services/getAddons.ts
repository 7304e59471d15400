import { defineOperation } from '../operation.js';
import { RECURRING_CYCLES, SETUP_PRICES } from '../../domain/cycles.js';
import type { Addon, AddonListItem, GetAddonsRequest, GetAddonsResult } from '../../generated/wire.js';
import { pick } from '../../domain/views.js';

/** The named price columns, in the order given (the record's own: setup fees, then prices). */
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
    // The real list runs by sort_order (ascending, as its sample's -18, -15 show), then id.
    const rows = [...world.all('addons')].sort((a, b) => Number(a.sort_order) - Number(b.sort_order) || Number(a.id) - Number(b.id));
    return { addons: rows.map(addonItem) };
  },
});
