import { defineMutation } from '../operation.js';
import { fail, messages, notFound } from '../../errors.js';
import { requireDraft } from '../../domain/drafts.js';
import { draftAddons, draftAnswer, mergeCustom, nextItemId } from '../../domain/draftItems.js';
import { offeredCycles } from '../../domain/cycles.js';
import { formatDateTime } from '../../lib/dates.js';
import { domainHeld, offeredPeriods } from '../../domain/domains.js';
import { isTld } from '../../domain/products.js';
import type { View } from '../../store/world.js';
import type { AddOrderDraftItemRequest, AddOrderDraftItemResult, DraftDomain, DraftService, OrderDraft } from '../../generated/wire.js';

type Params = AddOrderDraftItemRequest;

const SERVICE_PARAMS = ['product', 'service', 'cycle', 'host', 'qty', 'custom', 'addons'] as const;
const DOMAIN_PARAMS = ['domain_sld', 'domain_tld', 'domain_period', 'domain_action', 'domain_eppcode'] as const;
const SERVICE_LIST = 'product, cycle, host, qty, custom or addons';
const DOMAIN_LIST = 'domain_sld, domain_tld, domain_period, domain_action or domain_eppcode';

function refuseOther(params: Params, other: readonly (keyof Params)[], kind: string, list: string): void {
  const wrong = other.find((name) => params[name] !== undefined);
  if (wrong) fail(messages.draftParamNotForItem(wrong, kind, list));
}

function newService(world: View, draft: OrderDraft, params: Params, now: Date): DraftService {
  refuseOther(params, DOMAIN_PARAMS, 'service', SERVICE_LIST);
  if (params.service !== undefined) fail(messages.draftUpgradeItem());
  if (params.product === undefined) fail(messages.paramRequiredFor('product', 'to add a service (prod_type=service)'));
  const product = world.get('products', params.product) ?? notFound('Product', params.product);
  if (isTld(product)) fail(messages.productIsTld(product.id, product.name));
  const offered = offeredCycles(product);
  const cycle = params.cycle ?? offered[0] ?? fail(messages.productNotPriced(product.id));
  if (!offered.includes(cycle)) fail(messages.cycleNotOffered(product.id, cycle, offered));
  return {
    service_id: nextItemId(draft.services.map((s) => s.service_id)),
    product_id: product.id,
    cycle,
    domain: params.host ?? '',
    qty: params.qty === undefined ? 1 : Number(params.qty),
    custom: mergeCustom({}, params.custom ?? {}),
    order_date: formatDateTime(now),
    addons: draftAddons(world, product, cycle, params.addons ?? {}),
  };
}

function newDomain(world: View, draft: OrderDraft, params: Params): DraftDomain {
  refuseOther(params, SERVICE_PARAMS, 'domain', DOMAIN_LIST);
  const { domain_sld: sld, domain_tld: tldId } = params;
  if (sld === undefined) fail(messages.paramRequiredFor('domain_sld', 'to add a domain (prod_type=domain)'));
  if (tldId === undefined) fail(messages.paramRequiredFor('domain_tld', 'to add a domain (prod_type=domain)'));
  const tld = world.get('products', tldId) ?? notFound('TLD', tldId);
  if (!isTld(tld)) fail(messages.notTld(tld.id, tld.name));
  const action = params.domain_action ?? 'Register';
  if (action === 'Register' && params.domain_eppcode) fail(messages.eppCodeForRegister('domain_eppcode', 'domain_action'));
  const offered = offeredPeriods(tld, action);
  const period = params.domain_period ?? offered[0] ?? fail(messages.periodNotOffered(tld.name, '1', action, offered));
  if (!offered.includes(period)) fail(messages.periodNotOffered(tld.name, period, action, offered));
  const name = `${sld.toLowerCase()}${tld.name.toLowerCase()}`;
  const same = draft.domains.find((d) => d.name.toLowerCase() === name);
  if (same) fail(messages.domainInDraft(name, draft.id, same.domain_id));
  // The order would refuse it too; saying so now spares a draft that cannot be converted.
  const held = domainHeld(world, name);
  if (held) fail(messages.domainHeld(name, held.id, held.status));
  return {
    domain_id: nextItemId(draft.domains.map((d) => d.domain_id)),
    name,
    tld_id: tld.id,
    action,
    period,
    epp_code: action === 'Transfer' ? (params.domain_eppcode ?? '') : '',
  };
}

export default defineMutation<AddOrderDraftItemRequest, AddOrderDraftItemResult & { info: string[] }>({
  mutates: true,
  run(params, { world, now }) {
    const draft = requireDraft(world, params.id);
    let updated: OrderDraft;
    let itemId: string;
    if (params.prod_type === 'service') {
      const service = newService(world, draft, params, now);
      updated = { ...draft, services: [...draft.services, service] };
      itemId = service.service_id;
    } else {
      const domain = newDomain(world, draft, params);
      updated = { ...draft, domains: [...draft.domains, domain] };
      itemId = domain.domain_id;
    }
    world.replace('order_drafts', updated);
    const { draft: view, info } = draftAnswer(world, updated, 'Draft item added');
    return { draft: view, item_id: Number(itemId), info };
  },
});
