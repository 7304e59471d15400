import { defineMutation } from '../operation.js';
import { fail, messages, notFound } from '../../errors.js';
import { checkAddonsFit, draftAnswer, mergeCustom, pickDraftItem } from '../../domain/draftItems.js';
import { offeredPeriods } from '../../domain/domains.js';
import { offeredCycles } from '../../domain/cycles.js';
import type { View } from '../../store/world.js';
import type { DraftDomain, DraftService, EditOrderDraftItemRequest, EditOrderDraftItemResult } from '../../generated/wire.js';

const SERVICE_PARAMS = ['product', 'cycle', 'host', 'qty', 'custom'] as const;
const DOMAIN_PARAMS = ['period', 'action', 'epp_code'] as const;
const SERVICE_LIST = 'product, cycle, host, qty or custom';
const DOMAIN_LIST = 'period, action or epp_code';

type Params = EditOrderDraftItemRequest;

/** Refuses the other item kind's parameters, and a call that changes nothing. */
function checkParams(params: Params, own: readonly (keyof Params)[], other: readonly (keyof Params)[], kind: string, list: string): void {
  const wrong = other.find((name) => params[name] !== undefined);
  if (wrong) fail(messages.draftParamNotForItem(wrong, kind, list));
  if (!own.some((name) => params[name] !== undefined)) fail(messages.draftNothingToChange(list));
}

function editService(world: View, service: DraftService, params: Params): DraftService {
  checkParams(params, SERVICE_PARAMS, DOMAIN_PARAMS, 'service', SERVICE_LIST);
  const productId = params.product ?? service.product_id;
  const product = world.get('products', productId) ?? notFound('Product', productId);
  if (product.paytype === 'DomainRegular') fail(messages.productIsTld(product.id, product.name));
  // A new product without a cycle keeps the service's cycle, so it must offer it too.
  const cycle = params.cycle ?? service.cycle;
  const offered = offeredCycles(product);
  if (!offered.includes(cycle)) fail(messages.cycleNotOffered(product.id, cycle, offered));
  if (product.id !== service.product_id) checkAddonsFit(world, product, service.addons);
  return {
    ...service,
    product_id: product.id,
    cycle,
    domain: params.host ?? service.domain,
    qty: params.qty === undefined ? service.qty : Number(params.qty),
    custom: params.custom === undefined ? service.custom : mergeCustom(service.custom, params.custom),
  };
}

function editDomain(world: View, domain: DraftDomain, params: Params): DraftDomain {
  checkParams(params, DOMAIN_PARAMS, SERVICE_PARAMS, 'domain', DOMAIN_LIST);
  const action = params.action ?? domain.action;
  if (action === 'Register' && params.epp_code) fail(messages.eppCodeForRegister());
  const tld = world.get('products', domain.tld_id) ?? notFound('TLD', domain.tld_id);
  const period = params.period ?? domain.period;
  const offered = offeredPeriods(tld, action);
  if (!offered.includes(period)) fail(messages.periodNotOffered(tld.name, period, action, offered));
  // A registration carries no transfer code; switching to Register drops the stored one.
  const epp_code = action === 'Register' ? '' : (params.epp_code ?? domain.epp_code);
  return { ...domain, action, period, epp_code };
}

export default defineMutation<EditOrderDraftItemRequest, EditOrderDraftItemResult>({
  mutates: true,
  run(params, { world }) {
    const { draft, picked } = pickDraftItem(world, params);
    const updated =
      picked.kind === 'service'
        ? { ...draft, services: draft.services.with(picked.index, editService(world, picked.item, params)) }
        : { ...draft, domains: draft.domains.with(picked.index, editDomain(world, picked.item, params)) };
    world.replace('order_drafts', updated);
    return draftAnswer(world, updated, 'Draft item updated');
  },
});
