import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { addonDetails } from '../../domain/addons.js';
import { priceViewFor } from '../../domain/currencies.js';
import type { GetAddonDetailsRequest, GetAddonDetailsResult } from '../../generated/wire.js';

export default defineOperation<GetAddonDetailsRequest, GetAddonDetailsResult>({
  mutates: false,
  run({ id, currency_id }, { world }) {
    const addon = world.get('addons', id) ?? notFound('Addon', id);
    return { addon: addonDetails(addon, priceViewFor(world, currency_id)) };
  },
});
