import { defineMutation } from '../operation.js';
import { invoiceEstimate, requireEstimate } from '../../domain/estimateLife.js';
import type { ConvertEstimateToInvoiceRequest, ConvertEstimateToInvoiceResult } from '../../generated/wire.js';

export default defineMutation<ConvertEstimateToInvoiceRequest, ConvertEstimateToInvoiceResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world, now }) {
    const invoice = invoiceEstimate(world, requireEstimate(world, id), now);
    return { invoice_id: invoice.id, info: [`Estimate #${id} converted to invoice #${invoice.id}`] };
  },
});
