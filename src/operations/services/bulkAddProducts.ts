import { defineMutation } from '../operation.js';
import { fail, messages } from '../../errors.js';
import { checkPeriodPrices, mergePeriods, uniqueName } from '../../domain/products.js';
import type { View } from '../../store/world.js';
import type { BulkAddProductsRequest, BulkAddProductsResult, Product, TldPeriod } from '../../generated/wire.js';

type Entry = BulkAddProductsRequest['products'][string];

interface Plan {
  template: Product;
  wanted: string;
  name: string;
  periods?: TldPeriod[];
}

function plan(world: View, param: string, entry: Entry, planned: ReadonlySet<string>): Plan {
  const template =
    world.get('products', entry.copyof) ?? fail(messages.inEntry(`${param}[copyof]`, messages.notFound('Product', entry.copyof)));
  let periods: TldPeriod[] | undefined;
  if (entry.periods !== undefined) {
    checkPeriodPrices(param, template, entry.periods);
    periods = mergePeriods(template.periods ?? [], entry.periods);
  }
  const wanted = entry.name.trim();
  return { template, wanted, name: uniqueName(world, wanted, planned), periods };
}

export default defineMutation<BulkAddProductsRequest, BulkAddProductsResult & { info: string[] }>({
  mutates: true,
  run({ products }, { world }) {
    // Every entry is checked and named before the first insert, so one bad
    // entry creates nothing. Names chosen for earlier entries count as taken.
    // Object.entries reads the array form (keys 0..n-1) and the keyed form alike.
    const planned = new Set<string>();
    const plans = Object.entries(products).map(([key, entry]) => {
      const next = plan(world, `products[${key}]`, entry, planned);
      planned.add(next.name.toLowerCase());
      return next;
    });
    const new_products: string[] = [];
    const info: string[] = [];
    for (const { template, wanted, name, periods } of plans) {
      const row = world.insert('products', {
        ...template,
        id: world.nextId('products'),
        name,
        ...(periods ? { periods } : {}),
      });
      new_products.push(row.id);
      info.push(name === wanted ? `Product ${name} added` : `Product ${wanted} duplicated. New product name: ${name}`);
    }
    return { new_products, info };
  },
});
