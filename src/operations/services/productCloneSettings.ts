import { defineMutation } from '../operation.js';
import { type CloneSetting, cloneInfo, clonePlan, cloneSettings } from '../../domain/productEdits.js';
import type { ProductCloneSettingsRequest, ProductCloneSettingsResult } from '../../generated/wire.js';

export default defineMutation<ProductCloneSettingsRequest, ProductCloneSettingsResult & { info: string[] }>({
  mutates: true,
  run({ source_product_id, target_product_ids, settings }, { world }) {
    const { source, targets } = clonePlan(world, source_product_id, target_product_ids);
    const chosen = new Set(settings as CloneSetting[]);
    for (const target of targets) cloneSettings(world, source, target, chosen);
    return { info: cloneInfo(chosen) };
  },
});
