import { defineMutation } from '../operation.js';
import { requireDraft } from '../../domain/drafts.js';
import { draftAnswer } from '../../domain/draftItems.js';
import type { ClearOrderDraftItemsRequest, ClearOrderDraftItemsResult } from '../../generated/wire.js';

export default defineMutation<ClearOrderDraftItemsRequest, ClearOrderDraftItemsResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world }) {
    const draft = requireDraft(world, id);
    // Addons live inside their services, so emptying the services removes them too.
    const cleared =
      draft.services.length === 0 && draft.domains.length === 0
        ? draft
        : world.replace('order_drafts', { ...draft, services: [], domains: [] });
    return draftAnswer(world, cleared, 'Draft items removed');
  },
});
