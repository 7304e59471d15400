// The one catalogue of every message the API answers with. Messages name the
// parameter or record and, where it helps, say what to do instead.

export class ApiError extends Error {
  readonly messages: string[];
  constructor(messages: string | string[]) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list.join('; '));
    this.messages = list;
  }
}

/**
 * A refusal of the customer's door (the User API) that answers an HTTP status
 * of its own besides the `error` list: 401 for a token that does not stand,
 * 403 for a privilege a contact lacks, 404 for a record that is not there or
 * not the caller's, 429 over the rate limit. Anything else the door refuses
 * (bad input, a wrong login, a rule a domain module enforces) answers 200,
 * as installations answer business failures.
 */
export class DoorError extends ApiError {
  constructor(
    readonly status: number,
    messages: string | string[],
  ) {
    super(messages);
  }
}

/**
 * The checks of one call that do not depend on each other, collected so that
 * one answer names every problem instead of one a round trip. Run them in the
 * order of the call's parameters: the messages keep that order. A check that
 * needs an earlier one's value runs only when that value came back (it is
 * undefined when the earlier check refused), so a fee is not compared with an
 * amount that was refused. `settle` then throws all the refusals as one
 * ApiError, before anything is written.
 */
export class Checks {
  private readonly refused: string[] = [];

  /** Runs a check that answers a value (a record, a parsed amount); on a refusal, notes it and answers undefined. */
  value<T>(check: () => T): T | undefined {
    try {
      return check();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      this.refused.push(...error.messages);
      return undefined;
    }
  }

  /** Runs a check that answers nothing; true when it passed. */
  pass(check: () => void): boolean {
    const before = this.refused.length;
    this.value(check);
    return this.refused.length === before;
  }

  /** Throws every refusal noted as one ApiError; else answers `values`, none of which is then undefined. */
  settle<T extends object>(values: T = {} as T): { [K in keyof T]: Exclude<T[K], undefined> } {
    if (this.refused.length > 0) throw new ApiError(this.refused);
    return values as { [K in keyof T]: Exclude<T[K], undefined> };
  }
}

/**
 * The words of each amount rule, one text per rule wherever it is checked: a
 * schema's description (which words a malformed value's message) and the
 * domain's check of the value (src/domain/money.ts) say the same, so -5, 0 and
 * "abc" get one message. schemas/common/defs.json repeats them (a test compares).
 */
export const AMOUNT_RULES = {
  positive: 'an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
  nonNegative: 'a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30',
} as const;

/** What shape a parameter arrived in, for a message about a value of the wrong shape ("got an object"). */
export function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'boolean') return 'true or false';
  if (typeof value === 'number') return 'a number';
  return 'a string';
}

/** At most five ids, then how many more: a product a generated world gives thousands of services names a few. */
function someIds(ids: readonly string[]): string {
  const shown = ids.slice(0, 5).join(', ');
  return ids.length > 5 ? `${shown} and ${ids.length - 5} more` : shown;
}

export const messages = {
  stubCallNear: (call: string, near: string, id: string) =>
    `billsim simulates no call "${call}"; did you mean ${near}? The stub was added for "${call}" as given, so requests of ${near} do not reach it: if that is a typing error, remove it (DELETE /__billsim/stubs/${id}) and add it with "call": "${near}"`,
  recordBesideServedWorld: (dir: string) =>
    `--record ${dir} held no world, so it gets the served world's (billsim's bundled one unless --fixtures names another) beside the recording: a call that was not recorded answers from it offline, not as the installation does. To replay the installation alone, import it into the folder first (billsim import --from <its address> --out ${dir}), then record into it`,
  stubAnswerFailed: (id: string, reason: string) =>
    `Stub ${id} could not fill in its answer for this request (${reason.split('\n')[0].slice(0, 300)}): fix or remove it (DELETE /__billsim/stubs/${id})`,
  stubFailure: (id: string, failure: string) => `Answered by stub ${id} with the ${failure} failure instead of an envelope`,
  proxyWriteRefused: (call: string, origin: string) =>
    `${call} changes data, so billsim did not forward it to ${origin}: the proxy forwards reads only unless it is started with --proxy-writes`,
  proxyFailed: (origin: string, reason: string) => `billsim's proxy got no answer from the installation at ${origin}: ${reason}`,
  proxyOriginRefused: (origin: string) =>
    `Requests from ${origin.slice(0, 200)} are refused: with --proxy, billsim's API takes browser requests only from its own origin, loopback origins (such as http://localhost:3000) and the origins given with --cors, since a page could otherwise read your installation. To allow this origin, add it to --cors`,
  proxyCallName: (call: string, rule: string) =>
    `Parameter call must be the name of a call (${rule}), got ${JSON.stringify(call.slice(0, 100))}: billsim's proxy forwards nothing else`,
  proxyAnswerTooLarge: (origin: string, call: string, max: number) =>
    `billsim's proxy refused the answer of the installation at ${origin} to ${call}: it is larger than ${max} bytes, the cap --proxy-max-answer sets (the rest was not read). Ask for less (a page, a filter), or raise --proxy-max-answer`,
  callMissing: () => 'Parameter call is required: name the API function to run, such as call=getCurrencies',
  callUnknown: (call: string) =>
    `Unknown call "${call}": billsim does not simulate it; answer it your way with a stub (POST /__billsim/stubs with { "call": "${call}", "answer": { ... } })`,
  callUnknownNear: (call: string, near: string) =>
    `Unknown call "${call}"; did you mean ${near}? If not, billsim does not simulate it: answer it your way with a stub (POST /__billsim/stubs with { "call": "${call}", "answer": { ... } })`,
  callStubbedElsewhere: (call: string, session: string, others: readonly string[]) =>
    `Unknown call "${call}" in session ${JSON.stringify(session)}: billsim does not simulate it, and only session${others.length > 1 ? 's' : ''} ${others.map((o) => JSON.stringify(o)).join(', ')} ha${others.length > 1 ? 've' : 's'} a stub for it (stubs belong to one session). Send the header x-billsim-session: ${others[0]}, or add the stub to this session (POST /__billsim/stubs with that header)`,
  credentialsMissing: (name: string) => `Authentication failed: parameter ${name} is required`,
  credentialsInvalid: () => 'Authentication failed: invalid api_id or api_key',
  ipNotAllowed: (ip: string) => `Authentication failed: client IP ${ip} is not on the allow-list of this API key`,
  callNotAllowed: (call: string) => `Access denied: call ${call} is not enabled for this API key`,
  sessionInvalid: () => 'Header x-billsim-session must be 1-64 characters of A-Z, a-z, 0-9, ".", "_" or "-"',
  paramRequired: (name: string) => `Parameter ${name} is required`,
  paramInvalid: (name: string, expected: string) => `Parameter ${name} must be ${expected}`,
  paramShape: (name: string, expected: string, got: string) => `Parameter ${name} must be ${expected}, got ${got}`,
  amountOutOfRange: (what: string, amount: string, max: string) =>
    `${what} would be ${amount}, beyond the largest amount billsim keeps exactly (${max} either way): nothing was changed`,
  paramUnknownValue: (name: string, allowed: readonly string[]) => `Parameter ${name} must be one of: ${allowed.join(', ')}`,
  paramKeyUnknown: (name: string, allowed: readonly string[]) =>
    `Parameter ${name} is not a known key here: use one of ${allowed.join(', ')}`,
  notFound: (resource: string, id: string) => `${resource} ${id} not found`,
  bodyTooLarge: (limit: number) => `Request body is larger than the limit of ${limit} bytes`,
  headersTooLarge: (limit: number) =>
    `Request line and headers are larger than the limit of ${limit} bytes: send long parameters in a POST body`,
  bodyMalformed: (detail: string) => `Request body could not be read: ${detail}`,
  hostNotAllowed: (host: string, name: string) =>
    `Host "${host}" is not allowed (a guard against DNS rebinding): billsim answers loopback names, IP addresses and the names given with --allowed-host. Start it with --allowed-host ${name} (or BILLSIM_ALLOWED_HOST=${name}), or --allowed-host '*' to answer any name`,
  paramsTooComplex: () => 'Request parameters are nested or repeated beyond the supported limits',
  internal: () => 'Internal simulator error: the request was not applied',
  sessionDropped: (name: string, max: number, at: string) =>
    `Session ${JSON.stringify(name)} was dropped at ${at}: billsim keeps at most ${max} sessions (--max-sessions) and it was the least recently used, so its state, journal and snapshots are gone. Reset it (POST /__billsim/reset with header x-billsim-session: ${name}) to start it again from the seed, or start billsim with a larger --max-sessions`,
  sessionDeleted: (name: string) =>
    `Session ${JSON.stringify(name)} was deleted while this request waited: send it again to start the session anew from the seed`,
  snapshotOverBudget: (budget: number) =>
    `The snapshot was not saved: it would take the memory sessions keep beyond the memory budget of ${mebibytes(budget)} (--memory-budget). Delete snapshots you no longer need (DELETE /__billsim/snapshots/:name), or start billsim with a larger --memory-budget`,
  stubOverBudget: (bytes: number, budget: number) =>
    `The stub was not added: its ${mebibytes(bytes)} would take the memory sessions keep beyond the memory budget of ${mebibytes(budget)} (--memory-budget). Remove stubs you no longer need (DELETE /__billsim/stubs/:id), or start billsim with a larger --memory-budget`,
  notSaved: (reason: string, what = 'change') => `The ${what} was not applied: saving the data file failed (${reason})`,
  simulatedFault: (status: number) => `Simulated failure (HTTP ${status}) injected through /__billsim/faults`,
  draftItemMissing: () => 'Parameter service or domain is required: the service_id or domain_id of the draft item',
  draftItemBoth: () => 'Parameters service and domain exclude each other: name one draft item per call',
  draftNothingToChange: (allowed: string) => `Nothing to change: give ${allowed}`,
  draftParamNotForItem: (name: string, kind: string, allowed: string) =>
    `Parameter ${name} does not apply to a draft ${kind}: give ${allowed}`,
  productIsTld: (id: string, tld: string) => `Product ${id} is the domain TLD ${tld}, not a product a service can order`,
  cycleNotOffered: (productId: string, cycle: string, offered: string[]) =>
    `Product ${productId} is not priced on cycle ${cycle}; it offers: ${offered.join(', ') || 'no cycle'}`,
  periodNotOffered: (tld: string, period: string, action: string, offered: string[]) =>
    `TLD ${tld} is not priced for a ${period}-year ${action}; it offers: ${offered.join(', ') || 'no period'}`,
  eppCodeForRegister: (param = 'epp_code', action = 'action') =>
    `Parameter ${param} applies to a Transfer only: give ${action}=Transfer or leave ${param} out`,
  orderEmpty: () => 'Nothing to order: give product and cycle, or domain_action, domain_sld and domain_tld',
  paramRequiredFor: (name: string, when: string) => `Parameter ${name} is required ${when}`,
  productNotPriced: (productId: string) => `Product ${productId} has no price on any cycle, so it cannot be ordered`,
  notTld: (id: string, name: string) => `Product ${id} (${name}) is not a domain TLD: give the id of a TLD product as domain_tld`,
  domainInDraft: (name: string, draftId: string, domainId: string) =>
    `Domain ${name} is already in order draft ${draftId} (domain ${domainId})`,
  draftUpgradeItem: () =>
    'Parameter service (an upgrade of an existing account) is not supported in drafts: order a product with prod_type=service and product',
  addonNotForDraftProduct: (addonId: string, productId: string, products: readonly string[]) =>
    `Addon ${addonId} is not available for product ${productId}: it applies to products ${products.join(', ')}`,
  draftNoClient: (id: string) => `Order draft ${id} has no client: set one with editOrderDraft client_id before converting it`,
  draftEmpty: (id: string) => `Order draft ${id} has no items: add a service or a domain with addOrderDraftItem before converting it`,
  addonUniqueQty: (addonId: string) => `Addon ${addonId} is unique: a service carries it once, so addons[${addonId}][qty] must be 1`,
  cardMissing: (clientId: string, instead = 'add a card before tokenizing it') => `Client ${clientId} has no card on file: ${instead}`,
  cardOfOther: (cardId: string, ownerId: string, clientId: string) =>
    `Card ${cardId} belongs to client ${ownerId}, not to client ${clientId}: give a card of client ${clientId} or card_id=primary`,
  cardGatewayDisabled: (cardId: string, gatewayId: string, name: string) =>
    `Card ${cardId} is stored at gateway ${gatewayId} (${name}), which is disabled: charge another card with card_id`,
  cardDeclined: (reason: string, lastfour: string) => `Credit card has been declined: ${reason} (card ending ${lastfour})`,
  paymentTokenNotCard: () =>
    'Parameter as_token=1 (a payment token that is not a card) is not simulated: billsim keeps cards only, so leave as_token out or answer the call with a stub',
  fileOfOther: (fileId: string, ownerId: string, clientId: string) =>
    `File ${fileId} belongs to client ${ownerId}, not to client ${clientId}`,
  fileNotBase64: () => "Parameter data must be the file's content base64-encoded",
  fileName: (filename: string) => `Parameter filename must be a file name: 1 to 255 characters without / or \\, not "${filename}"`,
  serviceOfOther: (serviceId: string, ownerId: string, clientId: string) =>
    `Account ${serviceId} belongs to client ${ownerId}, not to client ${clientId}: give services[] of client ${clientId}`,
  nothingDue: (invoiceId: string) => `Invoice #${invoiceId} has nothing left to pay: its payments already reach its total`,
  emailInUse: (email: string) => `Email ${email} is already used by another client or contact`,
  passwordsDiffer: () => 'Parameters password and password2 must be the same',
  contactOfContact: (id: string, parentId: string) =>
    `Client ${id} is a contact of client ${parentId}: contacts can only be added to a main client`,
  isContact: (id: string, parentId: string, instead: string) =>
    `Client ${id} is a contact of client ${parentId}, not a main client: ${instead}`,
  isMainClient: (id: string, instead: string) => `Client ${id} is a main client, not a contact: ${instead}`,
  contactOfOther: (contactId: string, parentId: string, given: string) =>
    `Contact ${contactId} belongs to client ${parentId}, not to client ${given}`,
  guestOfSelf: (id: string) => `Parameter user_id must name someone other than client ${id}: a client cannot be a guest of its own profile`,
  guestIsOwnContact: (userId: string, hostId: string) =>
    `Client ${userId} is a contact of client ${hostId}, so it reaches that profile already: set its privileges with editContactPermissions`,
  guestExists: (userId: string, hostId: string, accessId: string, status: string) =>
    `Client ${userId} already holds guest access ${accessId} (${status}) to the profile of client ${hostId}: change it with editClientGuestPermissions or setClientGuestStatus, or remove it with removeClientGuest first`,
  guestRejected: (accessId: string) =>
    `Guest access ${accessId} was rejected by the guest: remove it with removeClientGuest and invite again with addClientGuest`,
  loginInvalid: () => 'Invalid login details: unknown username, wrong password or inactive account',
  inEntry: (param: string, message: string) => `${param}: ${message}`,
  tldNotOnPage: (name: string, pageId: string, known: readonly string[]) =>
    `No TLD named ${name} on order page ${pageId}: its TLDs are ${someIds(known) || 'none'}`,
  tldOnly: (param: string) => `${param} applies to TLD products only`,
  periodPriceRequired: (param: string, tld: string, period: string) =>
    `Parameter ${param} is required: TLD ${tld} has no ${period}-year price to keep`,
  estimateItemUnknown: (estimateId: string, itemId: string, known: readonly string[]) =>
    `Estimate ${estimateId} has no item ${itemId}: its items are ${known.join(', ') || 'none'}`,
  estimateInvoiced: (id: string, invoiceId: string, instead: string) => `Estimate ${id} is Invoiced (invoice ${invoiceId}): ${instead}`,
  estimateNotSendable: (id: string, status: string) => `Estimate ${id} is ${status}: only a Draft, Sent or Accepted estimate can be sent`,
  estimateDead: (id: string) => `Estimate ${id} is Dead: set it back to Draft with setEstimateStatus before invoicing it`,
  estimateInvoiceBy: (id: string) =>
    `Estimate ${id} becomes Invoiced only by making its invoice: use convertEstimateToInvoice or setEstimateStatus with status=Invoiced`,
  estimateNoLines: (id: string) => `Estimate ${id} has no lines: add one with addEstimateLine before invoicing it`,
  estimateCreditCurrency: (id: string, credit: string, clientId: string) =>
    `Estimate ${id} applies ${credit} credit in another currency than client ${clientId} holds credit in: set its credit to 0.00 with editEstimateDetails`,
  addonNotForProduct: (addonId: string, accountId: string, productId: string, products: readonly string[]) =>
    `Addon ${addonId} is not available for product ${productId} of account ${accountId}: ` +
    `it applies to products ${products.join(', ')}`,
  serviceMoveRefused: (id: string, status: string, to: string, from: readonly string[]) =>
    `Account ${id} is ${status}: only a service that is ${from.join(' or ')} can become ${to}`,
  domainStatusRefused: (id: string, name: string, status: string, from: readonly string[], action: string) =>
    `Domain ${id} (${name}) is ${status}: only a domain that is ${from.join(' or ')} can be ${action}`,
  synchNotBegun: (id: string, name: string) =>
    `Domain ${id} (${name}) is Pending Transfer and its transfer has not begun, so no registrar holds it yet: start it with domainTransfer`,
  transferUnderWay: (id: string, name: string, started: string, registrar: string, due: string) =>
    `Domain ${id} (${name}) is Pending Transfer: its transfer began on ${started} and ${registrar} completes it on ${due}`,
  transferLocked: (registrar: string, name: string, id: string) =>
    `Registrar ${registrar} refused the transfer of ${name}: domain is locked at the losing registrar (clientTransferProhibited); ` +
    `domain ${id} stays Pending Transfer until the registrant unlocks it there`,
  renewPastGrace: (id: string, name: string, expires: string, days: number) =>
    `Domain ${id} (${name}) is Expired since ${expires}, past its ${days}-day grace period: only an Active domain, ` +
    `or an Expired one within ${days} days of its expiry, can be renewed`,
  renewTooFar: (registrar: string, name: string, expires: string, years: number, id: string, status: string) =>
    `Registrar ${registrar} refused the renewal of ${name}: it would expire on ${expires}, more than ${years} years from today; ` +
    `domain ${id} stays ${status}`,
  tldNotSold: (given: string, sold: readonly string[]) => `TLD ${given} is not sold here: give one of ${sold.join(', ')} or its product id`,
  domainTldNotSold: (name: string, tld: string, sold: readonly string[]) =>
    `Domain ${name} is under ${tld}, a TLD not sold here: check a name under ${sold.join(', ')}`,
  orderForContact: (id: string, parentId: string) =>
    `Client ${id} is a contact of client ${parentId}: orders are placed for the main client ${parentId}`,
  clientCannotOrder: (id: string, status: string) => `Client ${id} is ${status}: only an Active client can place an order`,
  domainHeld: (name: string, id: string, status: string) => `Domain ${name} is already held here (domain ${id}, ${status})`,
  domainRegisteredElsewhere: (name: string) =>
    `Domain ${name} is already registered elsewhere: order it with domain_action=transfer and its EPP code instead`,
  domainTwice: (name: string) => `Domain ${name} appears twice in the order`,
  orderMoveRefused: (id: string, status: string, to: string, from: readonly string[]) =>
    `Order #${id} is ${status}: only an order that is ${from.join(' or ')} can be marked ${to}`,
  orderNotReferable: (id: string, status: string, referable: readonly string[]) =>
    `Order #${id} is ${status}: only an order that is ${referable.join(' or ')} can be given a referrer`,
  affiliateNotActive: (id: string, status: string) => `Affiliate ${id} is ${status}: only an Active affiliate can refer orders`,
  ownOrderReferred: (orderId: string, clientId: string, affiliateId: string) =>
    `Order #${orderId} is client ${clientId}'s own, and affiliate ${affiliateId} is client ${clientId}'s account: an affiliate cannot refer its own orders`,
  ownNewOrderReferred: (clientId: string, affiliateId: string) =>
    `Parameter aff_id: affiliate ${affiliateId} is client ${clientId}'s own account, and an affiliate cannot refer its own orders`,
  commissionAlreadyEarned: (orderId: string, affiliateId: string) =>
    `Order #${orderId} is paid and affiliate ${affiliateId} already earned its commission: its referrer can no longer change`,
  addonUnique: (addonId: string, accountId: string, attachedId: string) =>
    `Addon ${addonId} is unique and account ${accountId} already has it (account addon ${attachedId})`,
  addonCycleNotOffered: (addonId: string, cycle: string, offered: readonly string[]) =>
    `Addon ${addonId} is not offered on cycle ${cycle}; it offers: ${offered.join(', ') || 'no cycle'}`,
  addonNotPriced: (addonId: string) => `Addon ${addonId} has no price on any cycle, so it cannot be added`,
  serviceClosed: (id: string, status: string, open: readonly string[], action: string) =>
    `Account ${id} is ${status}: only a service that is ${open.slice(0, -1).join(', ')} or ${open.at(-1)} can ${action}`,
  upgradeNeedsActive: (id: string, status: string) => `Account ${id} is ${status}: only an Active service can be upgraded`,
  upgradeNotRecurring: (id: string, cycle: string) =>
    `Account ${id} is billed ${cycle}: only a service on a recurring cycle can be upgraded`,
  upgradeToOnce: (cycle: string, param = 'new_billing') =>
    `Parameter ${param} must be a recurring cycle such as m or a: an upgrade cannot move a service to ${cycle}`,
  upgradeNotOffered: (productId: string, targetId: string, targets: readonly string[]) =>
    `Product ${productId} cannot be upgraded to product ${targetId}; its upgrades are: ${targets.join(', ') || 'none'}`,
  upgradeNothing: (id: string, productId: string, cycle: string, params = { product: 'new', cycle: 'new_billing' }) =>
    `Nothing to upgrade: account ${id} is already on product ${productId}, billed ${cycle}: give another product as ${params.product} or another cycle as ${params.cycle}`,
  upgradePending: (id: string, orderId: string) =>
    `Account ${id} already has a pending upgrade in order ${orderId}: activate or cancel that order first`,
  configFormNotOnProduct: (formId: string, productId: string, formIds: readonly string[], param = 'new') =>
    `Parameter ${param}[${formId}]: product ${productId} has no configurable option category ${formId}; its categories are: ${formIds.join(', ') || 'none'}`,
  configItemNotInForm: (formId: string, name: string, itemId: string, itemIds: readonly string[], param = 'new') =>
    `Parameter ${param}[${formId}]: ${name} has no item ${itemId}; its items are: ${itemIds.join(', ')}`,
  configQtyOutOfRange: (formId: string, name: string, qty: string, min: string, max: string, param = 'new') =>
    `Parameter ${param}[${formId}]: ${name} takes a quantity from ${min} to ${max}, not ${qty}`,
  configQtyNotWhole: (formId: string, name: string, qty: string, param: string) =>
    `Parameter ${param}[${formId}]: ${name} takes a whole number of units, not ${qty}`,
  configFormRequired: (formId: string, name: string, productId: string, param: string) =>
    `Parameter ${param}[${formId}] is required: product ${productId} cannot be ordered without a choice in ${name}`,
  configSelectTakesItem: (formId: string, name: string, itemIds: readonly string[], param: string) =>
    `Parameter ${param}[${formId}]: ${name} takes one item id, as ${param}[${formId}]=ITEM_ID; its items are: ${itemIds.join(', ')}`,
  configQtyTakesUnits: (formId: string, name: string, itemId: string, param: string) =>
    `Parameter ${param}[${formId}]: ${name} takes a quantity, as ${param}[${formId}][${itemId}]=QTY`,
  configNothing: (id: string, param = 'new') =>
    `Nothing to upgrade: account ${id} already has every value given in ${param}[]: give another item or quantity for at least one category`,
  gatewayDisabled: (id: string, name: string, param = 'payment_module') =>
    `Gateway ${id} (${name}) is disabled: give an enabled payment gateway as ${param}`,
  creditTooLow: (clientId: string, credit: string, asked: string) =>
    `Client ${clientId} has ${credit} credit, less than the ${asked} asked for: nothing was applied`,
  noCreditToApply: (clientId: string, invoiceId: string) =>
    `Client ${clientId} has no credit to apply to invoice #${invoiceId}: add funds first, or pay it another way`,
  creditForCreditReceipt: (invoiceId: string) =>
    `Invoice #${invoiceId} is a credit receipt (add funds): credit cannot pay for credit, so pay it with a payment instead`,
  creditOverBalance: (invoiceId: string, due: string, asked: string) =>
    `Invoice #${invoiceId} owes ${due}, less than the ${asked} of credit asked for: apply at most ${due}`,
  invoiceNotPayable: (id: string, status: string) =>
    `Invoice #${id} is ${status}: only an Unpaid invoice (or one in Collections) takes payments`,
  refundOverPaid: (id: string, paid: string, asked: string) =>
    `Invoice #${id} has ${paid} paid on it (payments less refunds), less than the ${asked} refund asked for: give out of at most ${paid}`,
  invoiceOfOther: (invoiceId: string, ownerId: string, clientId: string) =>
    `Invoice #${invoiceId} belongs to client ${ownerId}, not to client ${clientId}: give client_id ${ownerId} or an invoice of client ${clientId}`,
  transactionEmpty: () => 'Nothing to record: give in (money received) or out (money paid back) more than 0',
  paymentAndRefund: (invoiceId: string) =>
    `Parameters in and out exclude each other against an invoice: a payment and a refund of invoice #${invoiceId} are two transactions`,
  paramNotSupported: (name: string, why: string) => `Parameter ${name} is not supported: ${why}`,
  invoiceLinesLocked: (id: string, status: string) =>
    `Invoice #${id} is ${status}: lines cannot be added to a Paid, Cancelled or Refunded invoice; mark it Unpaid with setInvoiceStatus first`,
  invoiceTotalsSettled: (id: string, status: string, param: string) =>
    `Invoice #${id} is ${status}: its totals are settled, so ${param} can only change on a Draft or Unpaid invoice`,
  invoiceCreditAboveBilled: (id: string, credit: string, billed: string) =>
    `Invoice #${id} would carry ${credit} credit, more than the ${billed} it bills (subtotal plus taxes)`,
  invoiceBelowPaid: (id: string, total: string, paid: string) =>
    `Invoice #${id} would total ${total}, less than the ${paid} already paid on it`,
  invoicePaidInFull: (id: string, paid: string, total: string) =>
    `Invoice #${id} cannot be marked Unpaid: its payments (${paid}) already cover its total of ${total}`,
  invoiceHasPayments: (id: string, count: number) =>
    `Invoice #${id} has payments: ${count === 1 ? '1 transaction is' : `${count} transactions are`} recorded on it, so it cannot be deleted; cancel it with setInvoiceStatus instead`,
  invoiceHasCredit: (id: string, credit: string) =>
    `Invoice #${id} carries ${credit} credit from the client's balance, which deleting it would lose: cancel it with setInvoiceStatus instead`,
  invoiceIsDraft: (id: string) =>
    `Invoice #${id} is a Draft, which the client cannot see: make it Unpaid with setInvoiceStatus first, then send it`,
  kbCidWithSubcategories: () =>
    "Parameters cid and with_subcategories exclude each other: give cid for one category's sub-categories, or with_subcategories=1 for every category",
  deptEmailEmpty: () => 'Email cannot be empty',
  deptNameEmpty: () => 'Department name cannot be empty',
  moduleNotInstalled: (module: string, fn: string) =>
    `Module ${module} is not installed or not active here, so its function ${fn} cannot be called: billsim runs no third-party module; answer it your way with a stub (POST /__billsim/stubs with { "call": "module", "params": ${JSON.stringify({ module, fn })}, "answer": { ... } })`,
  dateRangeBackwards: (from: string, to: string) => `Parameter to (${to}) must not be before from (${from})`,
  tooManyPdfs: (count: number, limit: number) =>
    `${count} invoices match, more than the ${limit} PDFs one call writes: narrow them with from and to, client_id or invoices[]`,
  ticketNotFound: (number: string) => `Ticket #${number} not found`,
  meteredNone: (accountId: string, productId: string) =>
    `Account ${accountId} has no metered billing: its product ${productId} has no metered variables (meteredGetVariables lists a product's)`,
  meteredVariableUnknown: (name: string, productId: string, names: string[]) =>
    `Variable ${name} is not a metered variable of product ${productId}: use one of ${names.join(', ')}`,
  languageLinesEmpty: () => 'Parameter lines must hold at least one translation, sent as lines[<section>][<keyword>]=<text>',
  languageLineName: (what: string, name: string) =>
    `${what} name "${name}" in lines must be 1 to 64 letters, digits, _, - or . (lines[<section>][<keyword>]=<text>)`,
  attachmentNotBase64: (filename: string) =>
    `Attachment ${filename} is not valid base64: send the file's content base64-encoded as attachments[${filename}]`,
  attachmentName: (filename: string) =>
    `Attachment name "${filename}" is not a file name: give 1 to 255 characters without / or \\ as attachments[<file name>]`,
  staffReplierNotFound: (id: string) => `Admin ${id} not found: a staff reply (type Admin) names an admin as replier_id`,
  replierNotOfTicket: (replierId: string, number: string, clientId: string) =>
    clientId === '0'
      ? `Ticket #${number} is a guest's ticket: a client reply on it takes no replier_id`
      : `Client ${replierId} cannot reply to ticket #${number} as the client: it belongs to client ${clientId}; give replier_id ${clientId}, one of its contacts, or leave replier_id out`,
  ssoNeedsActive: (id: string, status: string) => `Account ${id} is ${status}: only an Active service has a control panel to sign in to`,
  ssoNoServer: (id: string) =>
    `Account ${id} runs on no server (server_id 0): set the server it is provisioned on with editAccountDetails first`,
  ssoNotOffered: (id: string, serverId: string, group: string, module: string) =>
    `Account ${id} runs on server ${serverId} of app group ${group}, whose module ${module} offers no single sign-on`,
  productHasServices: (id: string, name: string, accounts: readonly string[]) =>
    `Product ${id} (${name}) cannot be deleted: services (accounts ${someIds(accounts)}) are on it`,
  productHasDomains: (id: string, name: string, domains: readonly string[]) =>
    `Product ${id} (${name}) cannot be deleted: domains ${someIds(domains)} are under this TLD`,
  productInUpgrades: (id: string, name: string, orders: readonly string[]) =>
    `Product ${id} (${name}) cannot be deleted: upgrade orders ${someIds(orders)} move services from or to it`,
  productInDrafts: (id: string, name: string, drafts: readonly string[]) =>
    `Product ${id} (${name}) cannot be deleted: order drafts ${someIds(drafts)} order it`,
  productOnlyForAddon: (id: string, name: string, addonId: string) =>
    `Product ${id} (${name}) cannot be deleted: it is the only product addon ${addonId} applies to, which would then apply to every product`,
  cloneOntoSource: (id: string) => `Parameter target_product_ids must not name the source product ${id}`,
  cloneKindsDiffer: (sourceId: string, targetId: string, sourceIsTld: boolean) =>
    sourceIsTld
      ? `Product ${targetId} is not a domain TLD: the settings of TLD ${sourceId} copy only to TLDs`
      : `Product ${targetId} is a domain TLD: the settings of product ${sourceId} copy only to products that are not TLDs`,
  productTypeUnknown: (given: string, types: readonly string[]) =>
    `Parameter type must be a product type id listed by getProductTypes, one of: ${types.join(', ')}; got ${JSON.stringify(given)}`,
  productModuleUnknown: (given: string, modules: readonly string[]) =>
    `Parameter module must be 0 (no module) or a module an app group runs (getAppGroups): ${modules.join(', ') || 'none'}; got ${given}`,
  productParamNotForTld: (param: string, id: string, name: string) =>
    `Parameter ${param} does not apply to product ${id} (${name}), a domain TLD: its prices are per registration period (bulkSetPrices)`,
  productUpgradeToSelf: (id: string) => `Parameter upgrades must not name product ${id} itself`,
  productUpgradeToTld: (id: string, name: string) =>
    `Parameter upgrades: product ${id} (${name}) is a domain TLD, which no service can be upgraded to`,
  // The customer's door (User API): codes where installations send codes, sentences otherwise.
  doorWrongLogin: () => 'wronglogin',
  doorUnauthorized: () => 'unauthorized',
  doorTokenExpired: () => 'token_expired',
  doorRateLimited: () => 'rate_limited',
  doorWrongCode: () => 'wrongcode',
  doorRouteUnknown: (method: string, path: string) =>
    `No route ${method} /api${path}: the routes are listed at /?cmd=userapi&action=swagger and on /docs; stub an installation's module route with POST /__billsim/stubs {"call": "${method} /api${path}", "answer": {...}}`,
  doorMethodNotAllowed: (method: string, path: string, allowed: readonly string[]) =>
    `${method} is not allowed on /api${path}: send ${allowed.join(' or ')}`,
  doorPrivilege: (contactId: string, privilege: string) =>
    `Contact ${contactId} may not do this: it needs the privilege ${privilege} (the client grants it with PUT /api/contact/${contactId} or editContactPermissions)`,
  doorGuestPrivilege: (accessId: string, privilege: string) =>
    `Guest access ${accessId} may not do this: it needs the privilege ${privilege} (the host grants it with editClientGuestPermissions)`,
  doorOtherSession: (tokenSession: string, header: string) =>
    `The token was issued in session ${tokenSession}, but the request names session ${header}: send it without x-billsim-session, or log in in that session`,
  doorPersonalTokenRefused: () => 'A personal access token cannot make or list other tokens: log in with e-mail and password',
  doorMfaTokenOnly: () => 'This token finishes a two-factor login only: send it to POST /api/mfa/verify',
  doorMfaNotPending: () => 'POST /api/mfa/verify takes the mfa.token POST /api/login answered to an account with two-factor authentication',
  customerTokenRefused: (id: string, status: string) =>
    `Client ${id} is ${status}: only an Active client (and a contact of an Active client) logs in at the customer's door`,
  doorRevokeWhat: () => 'Send refresh_token, or call with the access token of the login to revoke',
  noTicketDept: () => 'No ticket department exists to file the ticket under: add one to the world (ticket_depts.json)',
  // The storefront at the customer's door, part S1: sign-up, password reset, catalogue, affiliates.
  doorPasswordResetSent: () => 'If an account uses this e-mail, a password reset link was sent to it',
  doorTldProduct: (id: string, tld: string) =>
    `Product ${id} is the domain TLD ${tld}: order a domain with POST /api/domain/order, not as a product`,
  doorNotAffiliate: (clientId: string) =>
    `Client ${clientId} is not an affiliate: only a client with an affiliate account (getAffiliates lists them) has an affiliate summary, commissions and payouts`,
  // The customer's door, services (/api/service...).
  serviceLabelSet: (id: string) => `Service #${id} label saved`,
  serviceChangesSaved: (id: string) => `Account #${id} changes saved`,
  upgradeEstimateUnsupported: () =>
    'Parameter send=false asks for a price without an order, which billsim does not simulate: send send=true (or leave it out) to place the order',
  upgradeOneKind: () =>
    'Parameters package and cycle exclude resources: send a package or cycle change and a resource change as separate requests',
  upgradeNothingSent: () =>
    'Nothing to upgrade: send package (a product id), cycle (a cycle code) or resources (form id => item id or quantity)',
  cancellationWaiting: (id: string, requestId: string, type: string) =>
    `Service ${id} already has cancellation request ${requestId} (${type}) waiting to be carried out`,
  // As addAccountCancellation answers it (the vendor's spelling).
  cancellationFiled: () => 'Cancelation request submitted',
  serviceNotRenewable: (id: string, status: string, cycle: string) =>
    `Service ${id} cannot be renewed now: it is ${status} on a ${cycle} cycle, and only an Active service on a recurring cycle renews`,
  serviceRenewalUnpaid: (id: string, invoiceId: string) =>
    `Service ${id} already has Unpaid invoice ${invoiceId} for its renewal: pay that invoice to renew it`,
  serviceRenewed: (id: string, invoiceId: string) => `Invoice #${invoiceId} created for the renewal of service #${id}`,
  serviceRenewalCancelling: (id: string, requestId: string) =>
    `Service ${id} has cancellation request ${requestId} waiting, so it does not renew`,
  // The storefront, part S2: quote and order at the customer's door.
  orderItemProblem: (n: number, problem: string) => `items[${n}]: ${problem}`,
  orderItemLeftOut: (n: number, problems: readonly string[]) => `items[${n}] was left out: ${problems.join('; ')}`,
  promocodeUnknown: (code: string) => `Promotion code "${code}" is not known: billsim keeps no promotions, so send no promocode`,
  orderPlaced: (number: string, invoiceId: string) =>
    invoiceId === '0'
      ? `Order #${number} placed; it costs nothing, so no invoice was made`
      : `Order #${number} placed with invoice #${invoiceId}`,
  orderReferred: (affiliateId: string) => `The order is referred by affiliate ${affiliateId}`,
  // The customer's door, domains (/api/domain..., /api/whois; storefront part S3).
  nameserverCount: (count: number, param = 'nameservers') =>
    `Parameter ${param} must list 2 to 4 host names, or none for the default nameservers; it lists ${count}`,
  nameserverTwice: (host: string, param = 'nameservers') => `Parameter ${param} lists ${host} twice`,
  nameserversSaved: (name: string) => `Nameservers of ${name} saved`,
  domainFlagSaved: (what: string, name: string, on: boolean) => `${what} ${on ? 'enabled' : 'disabled'} for ${name}`,
  domainContactsSaved: (name: string) => `Contacts of ${name} saved`,
  domainContactNotClients: (param: string, id: string, clientId: string) =>
    `Parameter ${param}: ${id} is neither client ${clientId} nor one of its contacts`,
  domainOrderPlaced: (number: string, name: string) => `Order #${number} placed for ${name}: pay its invoice to register it`,
  orderAffiliateUnknown: (id: string) => `Affiliate ${id} not found: give the id of an Active affiliate as aff_id`,
  domainRenewYears: (id: string, period: string) =>
    `Parameter years must be ${period}: domain ${id} renews by its own period of ${period} year/s`,
  domainRenewalUnpaid: (id: string, invoiceId: string) =>
    `Domain ${id} already has Unpaid invoice ${invoiceId} for its renewal: pay that invoice to renew it`,
  domainRenewed: (id: string, invoiceId: string) => `Invoice #${invoiceId} created for the renewal of domain #${id}`,
  dnsContent: (type: string, rule: string) => `Parameter content of the ${type} record must be ${rule}`,
  dnsRecordOtherIndex: (recordId: string, index: string) =>
    `Parameter record_id ${recordId} names another record than the path's ${index}: send the same id, or leave record_id out`,
  dnsRecordAdded: (id: string, name: string) => `DNS record #${id} added to ${name}`,
  dnsRecordSaved: (id: string, name: string) => `DNS record #${id} of ${name} saved`,
  dnsRecordRemoved: (id: string, name: string) => `DNS record #${id} removed from ${name}`,
  // As domainEPP and domainSynch answer them, so both doors say the same.
  eppCodeSent: () => 'Auth Info / Epp code has been sent to registrant email' as const,
  domainSynchronized: (id: string) => `Domain with ID #${id} synchronized.`,
} as const;

export function fail(message: string | string[]): never {
  throw new ApiError(message);
}

export function notFound(resource: string, id: string): never {
  throw new ApiError(messages.notFound(resource, id));
}

/** At the customer's door: a record that is not there, or not the caller's (the same answer, so ids are not probed). */
export function doorNotFound(resource: string, id: string): never {
  throw new DoorError(404, messages.notFound(resource, id));
}

/** A count of bytes in MiB (KiB below one), as --memory-budget takes it. */
export function mebibytes(bytes: number): string {
  const [unit, size] = bytes < 2 ** 20 ? ['KiB', 2 ** 10] : ['MiB', 2 ** 20];
  return `${Math.round((bytes / size) * 10) / 10} ${unit}`;
}
