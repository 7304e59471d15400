import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { draftView } from '../../domain/drafts.js';
import type { GetOrderDraftRequest, GetOrderDraftResult } from '../../generated/wire.js';

export default defineOperation<GetOrderDraftRequest, GetOrderDraftResult & { info: string[] }>({
  mutates: false,
  run({ id }, { world }) {
    const draft = world.get('order_drafts', id) ?? notFound('Order draft', id);
    // The real answer carries `info` beside the draft; a read has nothing to report in it.
    return { draft: draftView(world, draft), info: [] };
  },
});
