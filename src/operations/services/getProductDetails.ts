import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { prices } from '../../domain/catalogue.js';
import { productServers } from '../../domain/apps.js';
import { priceViewFor } from '../../domain/currencies.js';
import { RECURRING_CYCLES, SETUP_PRICES } from '../../domain/cycles.js';
import { productFormsView } from '../../domain/productForms.js';
import { isServerProduct, isTld, periodsView } from '../../domain/products.js';
import type { GetProductDetailsRequest, GetProductDetailsResult } from '../../generated/wire.js';

export default defineOperation<GetProductDetailsRequest, GetProductDetailsResult>({
  mutates: false,
  run({ id, currency_id }, { world }) {
    const p = world.get('products', id) ?? notFound('Product', id);
    const view = priceViewFor(world, currency_id);
    const server = isServerProduct(p);
    return {
      product: {
        id: p.id,
        category_id: p.category_id,
        type: p.type,
        name: p.name,
        description: p.description,
        visible: p.visible,
        domain_options: p.domain_options,
        stock: p.stock,
        qty: p.qty,
        autosetup: p.autosetup,
        subdomain: p.subdomain,
        owndomain: p.owndomain,
        tax: p.tax,
        upgrades: p.upgrades,
        sort_order: p.sort_order,
        rel: p.rel,
        // No per-product e-mail templates are stored: "0" selects the default ones.
        welcome_email_id: '0',
        suspend_email_id: '0',
        unsuspend_email_id: '0',
        terminate_email_id: '0',
        paytype: p.paytype,
        ...prices(p, SETUP_PRICES, view),
        ...prices(p, RECURRING_CYCLES, view),
        ptype: p.ptype,
        options: productFormsView(world, p, view),
        module: p.module,
        server: productServers(p),
        tlds: null,
        periods: isTld(p) ? periodsView(p.periods ?? [], view) : null,
        free_domain: p.free_domain,
        hostname: server,
        ospick: server,
      },
    };
  },
});
