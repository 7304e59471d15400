import { defineMutation } from '../operation.js';
import { requireClient } from '../../domain/clients.js';
import { MAIN_CURRENCY_ID, requireCurrency } from '../../domain/currencies.js';
import { newDraft } from '../../domain/drafts.js';
import type { CreateOrderDraftRequest, CreateOrderDraftResult } from '../../generated/wire.js';

export default defineMutation<CreateOrderDraftRequest, CreateOrderDraftResult>({
  mutates: true,
  run(params, { world, now }) {
    const client = params.client_id === undefined ? undefined : requireClient(world, params.client_id);
    const currencyId =
      params.currency_id === undefined ? (client?.currency_id ?? MAIN_CURRENCY_ID) : requireCurrency(world, params.currency_id).id;
    const draft = world.insert('order_drafts', newDraft(world, { clientId: client?.id ?? '0', currencyId, now }));
    return { draft_id: Number(draft.id) };
  },
});
