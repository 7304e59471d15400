import { defineMutation } from '../operation.js';
import { fail, messages } from '../../errors.js';
import { requireClient } from '../../domain/clients.js';
import { draftOrderItems, requireDraft } from '../../domain/drafts.js';
import { recordOrderEmails } from '../../domain/outbox.js';
import { placeOrder } from '../../domain/placeOrder.js';
import type { ConvertOrderDraftRequest, ConvertOrderDraftResult } from '../../generated/wire.js';

export default defineMutation<ConvertOrderDraftRequest, ConvertOrderDraftResult & { info: string[] }>({
  mutates: true,
  run(p, { world, now }) {
    const draft = requireDraft(world, p.id);
    if (draft.client_id === '0') fail(messages.draftNoClient(draft.id));
    if (draft.services.length === 0 && draft.domains.length === 0) fail(messages.draftEmpty(draft.id));
    const client = requireClient(world, draft.client_id);
    const { services, domains } = draftOrderItems(world, draft);
    const { options } = draft;
    const placed = placeOrder(world, {
      client,
      paymentModule: p.module ?? draft.module,
      services,
      domains,
      invoice: options.generate_invoice,
      free: p.as_free === '1',
      ip: p.ip,
      now,
    });
    const { order, invoice } = placed;
    recordOrderEmails(world, { client, order, invoice, confirm: options.confirm_email, sendInvoice: options.send_invoice }, now);
    if (p.keep_draft !== '1') world.remove('order_drafts', draft.id);
    return { order_id: Number(order.id), info: ['Function has been scheduled for execution', 'New Order created'] };
  },
});
