import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { draftView } from '../../domain/drafts.js';
import type { GetOrderDraftRequest, GetOrderDraftResult } from '../../generated/wire.js';

export default defineOperation<GetOrderDraftRequest, GetOrderDraftResult>({
  mutates: false,
  run({ id }, { world }) {
    const draft = world.get('order_drafts', id) ?? notFound('Order draft', id);
    return { draft: draftView(world, draft) };
  },
});
