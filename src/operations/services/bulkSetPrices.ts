import { defineMutation } from '../operation.js';
import { fail, messages, notFound } from '../../errors.js';
import { repriceDomains } from '../../domain/domains.js';
import { checkPeriodPrices, isTld, mergePeriods } from '../../domain/products.js';
import type { View } from '../../store/world.js';
import type { BulkSetPricesRequest, BulkSetPricesResult, Product } from '../../generated/wire.js';

type Entry = BulkSetPricesRequest['products'][string];

/** The TLD an entry names on the order page, compared without case. */
function tldNamed(world: View, pageId: string, param: string, name: string): Product {
  const onPage = world.where('products', 'category_id', pageId).filter(isTld);
  const wanted = name.trim().toLowerCase();
  return (
    onPage.find((p) => p.name.toLowerCase() === wanted) ??
    fail(
      messages.inEntry(
        `${param}[name]`,
        messages.tldNotOnPage(
          name,
          pageId,
          onPage.map((p) => p.name),
        ),
      ),
    )
  );
}

export default defineMutation<BulkSetPricesRequest, BulkSetPricesResult & { info: string[] }>({
  mutates: true,
  run({ category_id, products }, { world }) {
    if (!world.get('order_pages', category_id)) notFound('Order page', category_id);
    // Every entry is checked against the prices the earlier entries leave, before the first write.
    const planned = new Map<string, Product>();
    const plans = Object.entries(products).map(([key, entry]: [string, Entry]) => {
      const param = `products[${key}]`;
      const found = tldNamed(world, category_id, param, entry.name);
      const tld = planned.get(found.id) ?? found;
      if (entry.periods !== undefined) checkPeriodPrices(param, tld, entry.periods);
      const next = entry.periods === undefined ? tld : { ...tld, periods: mergePeriods(tld.periods ?? [], entry.periods) };
      planned.set(tld.id, next);
      return { tld: next, updateDomains: entry.updatedomains === '1' };
    });
    for (const tld of planned.values()) world.replace('products', tld);
    for (const { tld, updateDomains } of plans) if (updateDomains) repriceDomains(world, planned.get(tld.id)!);
    return { info: plans.map(() => 'Product updated') };
  },
});
