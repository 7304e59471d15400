import { defineOperation } from '../operation.js';
import { coOwnership, prices } from '../../domain/catalogue.js';
import { asIs } from '../../domain/currencies.js';
import { RECURRING_CYCLES, SETUP_PRICES } from '../../domain/cycles.js';
import { notFound } from '../../errors.js';
import type { GetOtherPopularProductsRequest, GetOtherPopularProductsResult, PopularProductOffer } from '../../generated/wire.js';

const DEFAULT_LIMIT = 10;

export default defineOperation<GetOtherPopularProductsRequest, GetOtherPopularProductsResult>({
  mutates: false,
  run({ product_ids, client_id, limit, exclude_cat }, { world }) {
    for (const id of product_ids) if (!world.get('products', id)) notFound('Product', id);
    if (client_id !== undefined && !world.get('clients', client_id)) notFound('Client', client_id);
    const selected = new Set(product_ids);
    const excludedPages = new Set(exclude_cat ?? []);
    // What the buying client already has is no news to them.
    const owned = new Set(client_id === undefined ? [] : world.where('accounts', 'client_id', client_id).map((a) => a.product_id));

    const ranked = [...coOwnership(world, selected)]
      .filter(([id]) => !owned.has(id))
      .map(([id, popularity]) => ({ product: world.get('products', id), popularity }))
      .filter(
        (e): e is { product: NonNullable<typeof e.product>; popularity: number } =>
          e.product !== undefined && !excludedPages.has(e.product.category_id),
      )
      .sort((a, b) => b.popularity - a.popularity || Number(a.product.id) - Number(b.product.id))
      .slice(0, limit === undefined ? DEFAULT_LIMIT : Number(limit));

    return {
      offer: ranked.map(
        ({ product: p, popularity }): PopularProductOffer => ({
          id: p.id,
          name: p.name,
          category_id: p.category_id,
          category_name: world.get('order_pages', p.category_id)?.name ?? '',
          description: p.description,
          popularity: String(popularity),
          rel: p.rel,
          paytype: p.paytype,
          ...prices(p, SETUP_PRICES, asIs),
          ...prices(p, RECURRING_CYCLES, asIs),
        }),
      ),
    };
  },
});
