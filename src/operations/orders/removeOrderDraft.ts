import { defineMutation } from '../operation.js';
import { requireDraft } from '../../domain/drafts.js';
import type { RemoveOrderDraftRequest, RemoveOrderDraftResult } from '../../generated/wire.js';

export default defineMutation<RemoveOrderDraftRequest, RemoveOrderDraftResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world }) {
    const draft = requireDraft(world, id);
    world.remove('order_drafts', draft.id);
    return { draft_id: Number(draft.id), info: ['Draft deleted'] };
  },
});
