// A domain ordered at the customer's door (POST /api/domain/order): the same
// order, Pending domain and invoice addOrder makes (placeOrder.ts), with the
// contacts, nameservers, gateway and referrer the client names, every problem
// named at once and nothing written unless all is well.
import type { Affiliate, Client, UserApiPostDomainOrderInput } from '../generated/wire.js';
import type { World } from '../store/world.js';
import { Checks, fail, messages } from '../errors.js';
import { requireClient } from './clients.js';
import { checkSld, splitDomainName } from './domains.js';
import { requireEnabledGateway } from './gateways.js';
import { checkDomain, type DomainItem, findTld, type PlacedOrder, placeOrder } from './placeOrder.js';
import { newOrder } from './orders.js';
import { referOrder, referralProblems } from './affiliates.js';
import { recordOrderEmails } from './outbox.js';
import { nameserverList } from './customerDomains.js';
import { CONTACT_ROLES, type ContactRole, contactFrom, setDomainContacts } from './domainRecords.js';

/** The domain item the input names: a full name, or a label under tld_id. */
function domainItem(world: World, input: UserApiPostDomainOrderInput): DomainItem {
  const action = input.action === 'transfer' ? 'Transfer' : 'Register';
  if (action === 'Register' && input.epp) fail(messages.eppCodeForRegister('epp', 'action'));
  const base = { action, period: input.years ?? '1', eppCode: input.epp } as const;
  if (input.tld_id === undefined) {
    const { label, tld } = splitDomainName(world, input.name, 'name');
    return { ...base, sld: label, tld };
  }
  const tld = findTld(world, input.tld_id);
  const name = input.name.toLowerCase();
  const label = name.endsWith(tld.name.toLowerCase()) ? name.slice(0, -tld.name.length) : name;
  return { ...base, sld: checkSld(label, 'name'), tld };
}

/** The client or one of its contacts, whose details a domain contact role takes. */
function contactPerson(world: World, client: Client, param: string, id: string): Client {
  const person = world.get('clients', id);
  if (!person || (person.id !== client.id && person.parent_id !== client.id)) fail(messages.domainContactNotClients(param, id, client.id));
  return person;
}

/** An affiliate that may refer an order of `client`: it exists, is Active and is not the client's own. */
function referrer(world: World, client: Client, id: string, now: Date): Affiliate {
  const affiliate = world.get('affiliates', id) ?? fail(messages.domainOrderAffiliate(id));
  // A provisional order (never inserted) asks the referral rule what it asks of a new order.
  const order = newOrder(world, { clientId: client.id, currencyId: client.currency_id, paymentModule: '0', total: '0.00', now });
  const problems = referralProblems(world, order, affiliate);
  if (problems.length > 0) fail(problems);
  return affiliate;
}

/** Checks the whole order, then places it: order, domain, invoice, contacts, referral and the order's e-mails. */
export function orderDomain(world: World, clientId: string, input: UserApiPostDomainOrderInput, now: Date): PlacedOrder {
  const client = requireClient(world, clientId);
  const checks = new Checks();
  const item = checks.value(() => domainItem(world, input));
  if (item) checks.pass(() => checkDomain(world, item, new Set()));
  const gateway =
    input.pay_method === undefined ? undefined : checks.value(() => requireEnabledGateway(world, input.pay_method!, 'pay_method'));
  const nameservers = input.nameservers?.length ? checks.value(() => nameserverList(input.nameservers ?? [])) : [];
  const people: Partial<Record<ContactRole, Client>> = {};
  for (const role of CONTACT_ROLES) {
    const id = input[role];
    if (id !== undefined) people[role] = checks.value(() => contactPerson(world, client, role, id));
  }
  const affiliate = input.aff_id === undefined ? undefined : checks.value(() => referrer(world, client, input.aff_id!, now));
  const ready = checks.settle({ item, nameservers });
  const spec = { client, services: [], invoice: true, now, paymentModule: gateway?.id };
  const placed = placeOrder(world, {
    ...spec,
    domains: [{ ...ready.item, nameservers: ready.nameservers.length ? ready.nameservers : undefined }],
  });
  const [domain] = placed.domains;
  if (Object.keys(people).length > 0) {
    const roles = Object.fromEntries(Object.entries(people).map(([role, person]) => [role, contactFrom(person)]));
    setDomainContacts(world, domain, roles);
  }
  if (affiliate) referOrder(world, placed.order, affiliate, now);
  recordOrderEmails(world, { client, order: placed.order, invoice: placed.invoice, confirm: true, sendInvoice: true }, now);
  return placed;
}
