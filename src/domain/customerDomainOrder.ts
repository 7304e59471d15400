// A domain ordered at the customer's door (POST /api/domain/order): the same
// order, Pending domain and invoice addOrder makes (placeOrder.ts), with the
// contacts, nameservers, gateway and referrer the client names, every problem
// named at once and nothing written unless all is well.
import type { Client, UserApiPostDomainOrderInput } from '../generated/wire.js';
import type { World } from '../store/world.js';
import { Checks, fail, messages } from '../errors.js';
import { requireClient } from './clients.js';
import { requireEnabledGateway } from './gateways.js';
import { checkDomain, type PlacedOrder, placeOrder } from './placeOrder.js';
import { referOrder } from './affiliates.js';
import { readDomainItem, readReferrer } from './customerOrders.js';
import { recordOrderEmails } from './outbox.js';
import { CONTACT_ROLES, type ContactRole, contactFrom, setDomainContacts } from './domainRecords.js';

/** The client or one of its contacts, whose details a domain contact role takes. */
function contactPerson(world: World, client: Client, param: string, id: string): Client {
  const person = world.get('clients', id);
  if (!person || (person.id !== client.id && person.parent_id !== client.id)) fail(messages.domainContactNotClients(param, id, client.id));
  return person;
}

/** Checks the whole order, then places it: order, domain, invoice, contacts, referral and the order's e-mails. */
export function orderDomain(world: World, clientId: string, input: UserApiPostDomainOrderInput, now: Date): PlacedOrder {
  const client = requireClient(world, clientId);
  const checks = new Checks();
  const item = checks.value(() => readDomainItem(world, input, (name) => name));
  if (item) checks.pass(() => checkDomain(world, item, new Set()));
  const gateway =
    input.pay_method === undefined ? undefined : checks.value(() => requireEnabledGateway(world, input.pay_method!, 'pay_method'));
  const people: Partial<Record<ContactRole, Client>> = {};
  for (const role of CONTACT_ROLES) {
    const id = input[role];
    if (id !== undefined) people[role] = checks.value(() => contactPerson(world, client, role, id));
  }
  const { affiliate, problems } = readReferrer(world, client.id, input.aff_id);
  checks.pass(() => (problems.length > 0 ? fail(problems) : undefined));
  const ready = checks.settle({ item });
  const placed = placeOrder(world, { client, services: [], domains: [ready.item], invoice: true, now, paymentModule: gateway?.id });
  const [domain] = placed.domains;
  if (Object.keys(people).length > 0) {
    const roles = Object.fromEntries(Object.entries(people).map(([role, person]) => [role, contactFrom(person)]));
    setDomainContacts(world, domain, roles);
  }
  if (affiliate) referOrder(world, placed.order, affiliate, now);
  recordOrderEmails(world, { client, order: placed.order, invoice: placed.invoice, confirm: true, sendInvoice: true }, now);
  return placed;
}
