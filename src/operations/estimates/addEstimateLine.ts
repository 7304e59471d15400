import { defineMutation } from '../operation.js';
import { newLines } from '../../domain/estimates.js';
import { estimateLineView, refuseInvoiced, requireEstimate } from '../../domain/estimateLife.js';
import { withTotals } from '../../domain/invoiceLines.js';
import { formatCents, toCents } from '../../domain/money.js';
import type { AddEstimateLineRequest, AddEstimateLineResult } from '../../generated/wire.js';

export default defineMutation<AddEstimateLineRequest, AddEstimateLineResult & { info: string[] }>({
  mutates: true,
  run(p, { world }) {
    const e = requireEstimate(world, p.id);
    refuseInvoiced(e, 'add the line to that invoice with addInvoiceItem');
    const line = { description: p.description, amount: p.amount, qty: p.qty, taxed: p.taxed };
    const updated = withTotals({
      ...e,
      taxrate: p.tax_rate === undefined ? e.taxrate : formatCents(toCents(p.tax_rate)),
      items: [...e.items, ...newLines(world, e.id, [line])],
    });
    world.replace('estimates', updated);
    return { estimate: estimateLineView(world, updated), info: ['Estimate line added'] };
  },
});
