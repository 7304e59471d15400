import { defineMutation } from '../operation.js';
import { requireDraft } from '../../domain/drafts.js';
import { draftAnswer } from '../../domain/draftItems.js';
import type { RemoveOrderDraftDiscountRequest, RemoveOrderDraftDiscountResult } from '../../generated/wire.js';

export default defineMutation<RemoveOrderDraftDiscountRequest, RemoveOrderDraftDiscountResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world }) {
    const draft = requireDraft(world, id);
    // "" is how a draft without a discount keeps it (a fresh draft's value).
    const updated = draft.discount === '' ? draft : world.replace('order_drafts', { ...draft, discount: '' });
    return draftAnswer(world, updated, 'Draft discount removed');
  },
});
