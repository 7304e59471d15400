import { defineMutation } from '../operation.js';
import { requireClient } from '../../domain/clients.js';
import { requireDraft } from '../../domain/drafts.js';
import { draftAnswer } from '../../domain/draftItems.js';
import { requireEnabledGateway } from '../../domain/gateways.js';
import type { DraftOptions, EditOrderDraftRequest, EditOrderDraftResult, OrderDraft } from '../../generated/wire.js';

const flag = (given: '0' | '1' | undefined, stored: boolean): boolean => (given === undefined ? stored : given === '1');

export default defineMutation<EditOrderDraftRequest, EditOrderDraftResult & { info: string[] }>({
  mutates: true,
  run(params, { world }) {
    const draft = requireDraft(world, params.id);
    const module = params.module === undefined || params.module === '0' ? params.module : requireEnabledGateway(world, params.module).id;
    const client = params.client_id === undefined ? undefined : requireClient(world, params.client_id);
    const options: DraftOptions = {
      ...draft.options,
      confirm_email: flag(params.confirm, draft.options.confirm_email),
      generate_invoice: flag(params.invoice_generate, draft.options.generate_invoice),
      send_invoice: flag(params.invoice_info, draft.options.send_invoice),
    };
    const updated: OrderDraft = {
      ...draft,
      module: module ?? draft.module,
      scenario_id: params.scenario_id ?? draft.scenario_id,
      affiliate_id: params.affiliate_id ?? draft.affiliate_id,
      options,
      // An order for a client is billed in the client's currency, so a new client re-prices the draft.
      ...(client && client.id !== draft.client_id ? { client_id: client.id, currency_id: client.currency_id } : {}),
    };
    world.replace('order_drafts', updated);
    return draftAnswer(world, updated, 'Draft updated');
  },
});
