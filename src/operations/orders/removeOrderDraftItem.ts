import { defineMutation } from '../operation.js';
import { draftAnswer, pickDraftItem } from '../../domain/draftItems.js';
import type { RemoveOrderDraftItemRequest, RemoveOrderDraftItemResult } from '../../generated/wire.js';

export default defineMutation<RemoveOrderDraftItemRequest, RemoveOrderDraftItemResult>({
  mutates: true,
  run(params, { world }) {
    const { draft, picked } = pickDraftItem(world, params);
    // The other items keep their ids: the draft shows them keyed by id, not by position.
    const updated =
      picked.kind === 'service'
        ? { ...draft, services: draft.services.filter((_, i) => i !== picked.index) }
        : { ...draft, domains: draft.domains.filter((_, i) => i !== picked.index) };
    world.replace('order_drafts', updated);
    return draftAnswer(world, updated, 'Draft item removed');
  },
});
