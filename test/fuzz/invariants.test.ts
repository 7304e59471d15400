// Random sequences of valid and invalid mutations, each on a fresh session.
// After every step: every read call still answers what its schema says,
// estimate and invoice totals equal the sum of their lines (in cents, by
// src/domain/money.ts), ids are unique in every collection and line list, the
// indexes agree with the rows, and a failed call left the store exactly as it
// was. FUZZ_RUNS scales the number of sequences (FUZZ_RUNS / 200, at least 10).
import t from 'tap';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { build, storeJson } from '../helpers/app.js';
import { checkAnswer, fcParams, reproduce, send, totalRuns, via, wirePairs, requestPaths, wireValue, type Pair } from './support.js';
import { bent, EXAMPLES } from './examples.js';
import { operations } from '../../src/operations/index.js';
import { formatCents } from '../../src/domain/money.js';
import { checkIds, checkReferences, checkTotals } from './state.js';
import type { World } from '../../src/store/world.js';
import type { Collections } from '../../src/generated/wire.js';

const SEQUENCES = Math.max(10, Math.round(totalRuns(2_000) / 200));
const MUTATIONS = Object.keys(operations)
  .filter((call) => operations[call].mutates)
  .sort();

interface Step {
  call: string;
  pairs: Pair[];
}

// ------------------------------------------------------------------ step generators

const id = (max: number) => fc.integer({ min: 1, max }).map(String);
const amount = fc.oneof(
  fc.integer({ min: -5000, max: 500_000 }).map((c) => formatCents(c)),
  fc.constantFrom('0', '1', '9.99', '-4.05', '12.3', '0.01', '999999999.99'),
);
const qty = fc.oneof(fc.integer({ min: 1, max: 20 }).map(String), fc.constantFrom('1.5', '0.25', '2.3333', '100'));
const percent = fc.oneof(fc.integer({ min: 0, max: 100 }).map(String), fc.constantFrom('7.5', '8.25', '19.99', '100.00'));
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });
const pair = (key: string, value: string | undefined): Pair[] => (value === undefined ? [] : [[key, value]]);

const price = fc.integer({ min: 0, max: 99_999 }).map((c) => formatCents(c));
const often = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 4 });

const bulkAddProducts = fc
  .array(
    fc.oneof(
      fc.record({
        copyof: fc.oneof({ arbitrary: id(19), weight: 8 }, { arbitrary: id(30), weight: 1 }),
        name: fc.oneof(
          fc.constantFrom('Plan', 'plan', 'Plan(2)', 'PLAN(3)', 'Starter Hosting', ' Plan ', 'Plan (2024)'),
          fc.string({ minLength: 1, maxLength: 8 }),
        ),
        periods: fc.constant(undefined),
      }),
      // TLD copies (products 20-24) with period prices; a new period needs all three.
      fc.record({
        copyof: fc.integer({ min: 20, max: 24 }).map(String),
        name: fc.constantFrom('.test', '.test(2)', '.com', '.TEST'),
        periods: optional(fc.array(fc.tuple(fc.integer({ min: 1, max: 10 }), price, optional(price), optional(price)), { maxLength: 3 })),
      }),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map(
    (entries): Step => ({
      call: 'bulkAddProducts',
      pairs: entries.flatMap((e, i) => [
        ...pair(`products[${i}][copyof]`, e.copyof),
        ...pair(`products[${i}][name]`, e.name),
        ...(e.periods ?? []).flatMap(([period, register, transfer, renew]) => [
          ...pair(`products[${i}][periods][${period}][register]`, register),
          ...pair(`products[${i}][periods][${period}][transfer]`, transfer),
          ...pair(`products[${i}][periods][${period}][renew]`, renew),
        ]),
      ]),
    }),
  );

const lineChange = fc.oneof(
  fc.tuple(fc.constant('qty'), qty),
  fc.tuple(fc.constant('amount'), amount),
  fc.tuple(fc.constant('taxed'), fc.constantFrom('0', '1')),
  fc.tuple(fc.constant('remove'), fc.constant('1')),
  fc.tuple(fc.constant('description'), fc.constantFrom('Changed', 'Ünïcødé line')),
);
// Line ids of the bundled estimates: 1: 1-2, 2: 3-5, 3: 6-8, 4: 9-10.
const LINES: Record<string, number[]> = { 1: [1, 2], 2: [3, 4, 5], 3: [6, 7, 8], 4: [9, 10], 5: [1] };

const editEstimateDetails = fc
  .integer({ min: 1, max: 5 })
  .map(String)
  .chain((estimate) =>
    fc.record({
      id: fc.constant(estimate),
      status: optional(fc.constantFrom('Draft', 'Sent', 'Accepted', 'Invoiced', 'Dead')),
      taxrate: optional(percent),
      taxrate2: optional(percent),
      credit: optional(price),
      currency_id: optional(fc.integer({ min: 0, max: 4 }).map(String)),
      client_id: optional(id(10)),
      date_expires: optional(fc.constantFrom('2026-12-01', '2027-12-31', '2027-02-29', '2025-01-01')),
      changes: fc.array(
        fc.tuple(
          fc.oneof(
            { arbitrary: fc.constantFrom(...LINES[estimate]), weight: 9 },
            { arbitrary: fc.integer({ min: 1, max: 14 }), weight: 1 },
          ),
          lineChange,
        ),
        { maxLength: 3 },
      ),
      added: fc.array(fc.tuple(fc.constantFrom('Line', 'Discount', 'Hours'), amount, optional(qty), optional(fc.constantFrom('0', '1'))), {
        maxLength: 3,
      }),
    }),
  )
  .map(
    (p): Step => ({
      call: 'editEstimateDetails',
      pairs: [
        ['id', p.id],
        ...pair('status', p.status),
        ...pair('taxrate', p.taxrate),
        ...pair('taxrate2', p.taxrate2),
        ...pair('credit', p.credit),
        ...pair('currency_id', p.currency_id),
        ...pair('client_id', p.client_id),
        ...pair('date_expires', p.date_expires),
        ...p.changes.map(([line, [field, value]]): Pair => [`item[${line}][${field}]`, value]),
        ...p.added.flatMap(([description, value, q, taxed], i) => [
          ...pair(`newitem[${i}][description]`, description),
          ...pair(`newitem[${i}][amount]`, value),
          ...pair(`newitem[${i}][qty]`, q),
          ...pair(`newitem[${i}][taxed]`, taxed),
        ]),
      ],
    }),
  );

const addClientContact = fc
  .record({
    id: fc.oneof({ arbitrary: id(9), weight: 9 }, { arbitrary: id(12), weight: 1 }),
    email: fc.oneof(
      { arbitrary: fc.nat({ max: 30 }).map((n) => `contact${n}@example.com`), weight: 8 },
      { arbitrary: fc.constantFrom('CONTACT1@example.com', 'not-an-email'), weight: 1 },
    ),
    same: fc.nat({ max: 9 }).map((n) => n > 0),
    privilege: optional(fc.constantFrom('billing][creditcard', 'support][tickets', 'misc][editmain', 'misc][nope')),
  })
  .map(
    (p): Step => ({
      call: 'addClientContact',
      pairs: [
        ['id', p.id],
        ['firstname', 'F'],
        ['lastname', 'L'],
        ['email', p.email],
        ['password', 'pw'],
        ['password2', p.same ? 'pw' : 'other'],
        ...pair(`privileges[${p.privilege}]`, p.privilege && '1'),
      ],
    }),
  );

// Clients 1 and 5 have a card on file.
const tokenizeClientCard = fc
  .record({
    client_id: fc.oneof({ arbitrary: fc.constantFrom('1', '5'), weight: 8 }, { arbitrary: id(12), weight: 2 }),
    gateway_id: id(6),
    token: fc.oneof(
      fc.nat().map((n) => `tok_${n}`),
      fc.constant(''),
    ),
    lastfour: optional(fc.constantFrom('4242', '1111', '12')),
  })
  .map(
    (p): Step => ({
      call: 'tokenizeClientCard',
      pairs: [['client_id', p.client_id], ['gateway_id', p.gateway_id], ['token', p.token], ...pair('lastfour', p.lastfour)],
    }),
  );

// Draft 1: services 1-2, domain 1; draft 2: service 1, domains 1-2; draft 3: service 1.
const draftService = fc.oneof(fc.constantFrom(['1', '1'], ['1', '2'], ['2', '1'], ['3', '1']), fc.tuple(id(4), id(3)));
const draftDomain = fc.oneof(fc.constantFrom(['1', '1'], ['2', '1'], ['2', '2']), fc.tuple(id(4), id(3)));

const editOrderDraftItem = fc.oneof(
  fc
    .tuple(
      draftService,
      fc.record(
        {
          product: optional(fc.integer({ min: 1, max: 26 }).map(String)),
          cycle: optional(fc.constantFrom('m', 'q', 's', 'a', 'Once', 'Free')),
          qty: optional(fc.constantFrom('1', '2', '5')),
          host: optional(fc.constantFrom('example.com', 'x.example.net')),
          custom: optional(fc.constantFrom('Debian', 'Ubuntu')),
        },
        { requiredKeys: [] },
      ),
    )
    .map(
      ([[draft, item], p]): Step => ({
        call: 'editOrderDraftItem',
        pairs: [
          ['id', draft],
          ['service', item],
          ...pair('product', p.product),
          ...pair('cycle', p.cycle),
          ...pair('qty', p.qty),
          ...pair('host', p.host),
          ...pair('custom[12][34]', p.custom),
        ],
      }),
    ),
  fc
    .tuple(
      draftDomain,
      fc.record(
        {
          period: optional(fc.integer({ min: 1, max: 6 }).map(String)),
          action: optional(fc.constantFrom('Register', 'Transfer')),
          epp_code: optional(fc.constantFrom('EPP-1', '')),
        },
        { requiredKeys: [] },
      ),
    )
    .map(
      ([[draft, item], p]): Step => ({
        call: 'editOrderDraftItem',
        pairs: [['id', draft], ['domain', item], ...pair('period', p.period), ...pair('action', p.action), ...pair('epp_code', p.epp_code)],
      }),
    ),
);

const removeOrderDraftItem = fc.oneof(
  draftService.map(
    ([draft, item]): Step => ({
      call: 'removeOrderDraftItem',
      pairs: [
        ['id', draft],
        ['service', item],
      ],
    }),
  ),
  draftDomain.map(
    ([draft, item]): Step => ({
      call: 'removeOrderDraftItem',
      pairs: [
        ['id', draft],
        ['domain', item],
      ],
    }),
  ),
);

// Addon 1 fits accounts on products 1-9, addons 2, 5 and 6 any account; gateway 5 is disabled.
const addAddonToAccount = fc
  .record({
    account_id: fc.oneof({ arbitrary: fc.constantFrom('1', '2', '3', '5', '6', '7', '8'), weight: 8 }, { arbitrary: id(14), weight: 2 }),
    addon_id: fc.oneof({ arbitrary: fc.constantFrom('1', '2', '5', '6'), weight: 8 }, { arbitrary: id(8), weight: 2 }),
    cycle: optional(fc.constantFrom('m', 'a', 'Once', 'Free', 'b')),
    invoice: often(fc.constantFrom('true', '1', 'false', '0')),
    payment_module: optional(id(6)),
  })
  .map(
    (p): Step => ({
      call: 'addAddonToAccount',
      pairs: [
        ['account_id', p.account_id],
        ['addon_id', p.addon_id],
        ...pair('cycle', p.cycle),
        ...pair('invoice', p.invoice),
        ...pair('payment_module', p.payment_module),
      ],
    }),
  );

// Invoices 1-12 are bundled (3, 8 and 12 Unpaid, 8 and 12 part paid; 7 Cancelled; 9 Refunded); addInvoice makes 13 on.
const invoiceId = fc.oneof({ arbitrary: id(15), weight: 9 }, { arbitrary: id(40), weight: 1 });
const invoiceSteps = fc.oneof(
  fc.constantFrom('1', '2', '4', '7', '10').map((c): Step => ({ call: 'addInvoice', pairs: [['client_id', c]] })),
  fc.record({ id: invoiceId, price: amount, qty: optional(qty), tax: fc.constantFrom('0', '1') }).map(
    (p): Step => ({
      call: 'addInvoiceItem',
      pairs: [['id', p.id], ['line', 'Fuzz line'], ['price', p.price], ...pair('qty', p.qty), ['tax', p.tax]],
    }),
  ),
  fc
    .record(
      {
        id: invoiceId,
        credit: optional(price),
        taxrate: optional(percent),
        taxrate2: optional(percent),
        date: optional(fc.constantFrom('2026-11-01', '2026-11-20', '2027-01-01')),
        duedate: optional(fc.constantFrom('2026-11-01', '2026-12-31')),
        payment_module: optional(id(6)),
      },
      { requiredKeys: ['id'] },
    )
    .map(
      (p): Step => ({
        call: 'editInvoiceDetails',
        pairs: [
          ['id', p.id],
          ...pair('credit', p.credit),
          ...pair('taxrate', p.taxrate),
          ...pair('taxrate2', p.taxrate2),
          ...pair('date', p.date),
          ...pair('duedate', p.duedate),
          ...pair('payment_module', p.payment_module),
        ],
      }),
    ),
  fc.tuple(invoiceId, fc.constantFrom('Paid', 'Unpaid', 'Cancelled')).map(
    ([i, status]): Step => ({
      call: 'setInvoiceStatus',
      pairs: [
        ['id', i],
        ['status', status],
      ],
    }),
  ),
  invoiceId.map((i): Step => ({ call: 'deleteInvoice', pairs: [['id', i]] })),
  invoiceId.map((i): Step => ({ call: 'sendInvoice', pairs: [['id', i]] })),
);

// An estimate's whole life on any estimate, so invoices made from estimates mix with edits and payments.
const estimateSteps = fc.oneof(
  id(6).map(
    (e): Step => ({
      call: 'addEstimateLine',
      pairs: [
        ['id', e],
        ['description', 'Fuzz'],
        ['amount', '12.34'],
        ['taxed', '1'],
      ],
    }),
  ),
  fc.tuple(id(6), fc.constantFrom('Draft', 'Sent', 'Accepted', 'Invoiced', 'Dead')).map(
    ([e, status]): Step => ({
      call: 'setEstimateStatus',
      pairs: [
        ['id', e],
        ['status', status],
      ],
    }),
  ),
  fc
    .tuple(fc.constantFrom('convertEstimateToInvoice', 'sendEstimate', 'deleteEstimate'), id(6))
    .map(([call, e]): Step => ({ call, pairs: [['id', e]] })),
  fc.constantFrom('1', '6', '10').map((c): Step => ({ call: 'addEstimate', pairs: [['client_id', c]] })),
);

// Every registrar call on any domain, so domain moves mix with order and client moves in one sequence.
const domainSteps = fc
  .tuple(
    fc.constantFrom('domainRegister', 'domainTransfer', 'domainRenew', 'domainEPP', 'domainDelete', 'domainDeleteHB', 'domainSynch'),
    id(12),
  )
  .map(([call, domain]): Step => ({ call, pairs: [['id', domain]] }));

const GENERATORS: Record<string, fc.Arbitrary<Step>> = {
  bulkAddProducts,
  editEstimateDetails,
  addClientContact,
  tokenizeClientCard,
  editOrderDraftItem,
  removeOrderDraftItem,
  addAddonToAccount,
  invoiceSteps,
  domainSteps,
  estimateSteps,
};

/** Any mutation: a generated one, a known-good one bent, or hostile parameters. */
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.oneof(...Object.values(GENERATORS)), weight: 6 },
  {
    arbitrary: fc.constantFrom(...MUTATIONS.filter((c) => EXAMPLES[c])).chain((call) =>
      fc
        .constantFrom(...EXAMPLES[call])
        .chain((e) => bent(e, wireValue()))
        .map((pairs) => ({ call, pairs })),
    ),
    weight: 2,
  },
  { arbitrary: fc.constantFrom(...MUTATIONS).chain((call) => wirePairs(requestPaths(call)).map((pairs) => ({ call, pairs }))), weight: 1 },
);

// ------------------------------------------------------------------ invariants

/** Read calls covering every record a mutation can touch. */
function reads(world: World): Array<[string, Pair[]]> {
  const all = <K extends keyof Collections>(name: K) => world.all(name) as ReadonlyArray<{ id: string }>;
  const list: Array<[string, Pair[]]> = [
    ['getClients', [['perpage', '1000']]],
    ['getEstimates', [['perpage', '1000']]],
    ['getInvoices', [['perpage', '1000']]],
    ['getAccounts', [['perpage', '1000']]],
    ['getDomains', [['perpage', '1000']]],
    ['getAddons', []],
    ['getCurrencies', []],
    ['getOrderPages', []],
    ['getTransactions', []],
    ['getAffiliates', [['perpage', '1000']]],
    ['getHostBillversion', []],
    ['getNews', []],
    [
      'getOtherPopularProducts',
      [
        ['product_ids[]', '1'],
        ['product_ids[]', '2'],
      ],
    ],
  ];
  for (const e of all('estimates')) list.push(['getEstimateDetails', [['id', e.id]]]);
  for (const i of all('invoices')) list.push(['getInvoiceDetails', [['id', i.id]]]);
  for (const d of all('order_drafts')) list.push(['getOrderDraft', [['id', d.id]]]);
  for (const o of all('orders')) list.push(['getOrderDetails', [['id', o.id]]]);
  for (const d of all('domains')) list.push(['getDomainDetails', [['id', d.id]]]);
  list.push(['getOrders', []], ['getOrders', [['list', 'pending']]]);
  for (const c of all('clients')) {
    list.push(['getClientDetails', [['id', c.id]]], ['getClientContacts', [['id', c.id]]], ['getClientTickets', [['id', c.id]]]);
    list.push(['getClientStats', [['id', c.id]]], ['getClientFiles', [['client_id', c.id]]], ['getClientEmails', [['id', c.id]]]);
    list.push(['getClientTransactions', [['id', c.id]]], ['getClientAccess', [['id', c.id]]]);
  }
  for (const c of world.all('clients').filter((row) => row.parent_id !== '0')) list.push(['getClientContact', [['id', c.id]]]);
  for (const a of all('accounts')) list.push(['getAccountAddons', [['id', a.id]]]);
  for (const p of all('products').slice(-6)) list.push(['getProductDetails', [['id', p.id]]]);
  for (const page of all('order_pages')) list.push(['getProducts', [['id', page.id]]]);
  list.push(['getTickets', [['perpage', '1000']]], ['getTicketDepts', []]);
  for (const ticket of world.all('tickets')) list.push(['getTicketDetails', [['id', ticket.ticket_number]]]);
  return list;
}

async function checkState(app: FastifyInstance, session: string): Promise<string[]> {
  const world = app.billsim.sessions.get(session).world;
  const problems = [...checkIds(world), ...checkReferences(world)];
  for (const e of world.all('estimates')) problems.push(...checkTotals('estimate', e));
  for (const i of world.all('invoices')) problems.push(...checkTotals('invoice', i));
  for (const e of world.all('estimates')) {
    // Invoiced means an invoice was made: only invoiceEstimate sets the status, and it sets invoice_id with it.
    if ((e.status === 'Invoiced') !== (e.invoice_id !== '0'))
      problems.push(`estimate ${e.id}: ${e.status} with invoice_id ${e.invoice_id}`);
  }
  const before = storeJson(app, session);
  for (const [call, pairs] of reads(world)) {
    try {
      const body = checkAnswer(await send(app, { via: 'get', call, pairs, session }), call);
      if (!body.success) problems.push(`${call} ${JSON.stringify(pairs)} failed: ${JSON.stringify(body.error)}`);
    } catch (error) {
      problems.push(`${call} ${JSON.stringify(pairs)}: ${(error as Error).message}`);
    }
  }
  if (storeJson(app, session) !== before) problems.push('a read call changed the store');
  return problems;
}

t.test('random mutation sequences keep every invariant after every step', async (t) => {
  const app = await build(t);
  t.comment(`${SEQUENCES} sequences, ${reproduce(100)}`);
  const initial = await checkState(app, 'inv-initial');
  t.strictSame(initial, [], 'the bundled fixtures satisfy the invariants');
  let run = 0;
  const tally = { success: 0, error: 0 };
  const seen = new Map<string, number>();
  const sequence = fc.tuple(fc.array(fc.tuple(step, via), { minLength: 1, maxLength: 12 }), fc.boolean());
  try {
    await fc.assert(
      fc.asyncProperty(sequence, async ([steps, checkEveryStep]) => {
        const session = `inv-${run++}`;
        for (const [index, [{ call, pairs }, encoding]] of steps.entries()) {
          const before = storeJson(app, session);
          const body = checkAnswer(await send(app, { via: encoding, call, pairs, session }), call);
          tally[body.success ? 'success' : 'error']++;
          const key = `${call}: ${body.success ? 'success' : body.error![0].slice(0, 80)}`;
          seen.set(key, (seen.get(key) ?? 0) + 1);
          if (!body.success && storeJson(app, session) !== before) {
            throw new Error(`step ${index} ${call} failed (${JSON.stringify(body.error)}) but changed the store`);
          }
          // Half the sequences check after every step; the others only at the end (more steps per second).
          if (checkEveryStep || index === steps.length - 1) {
            const problems = await checkState(app, session);
            if (problems.length > 0)
              throw new Error(`after step ${index} ${call} ${JSON.stringify(pairs)}:\n${problems.slice(0, 10).join('\n')}`);
          }
        }
        app.billsim.sessions.delete(session);
      }),
      fcParams(SEQUENCES, 100),
    );
    t.pass(`${SEQUENCES} sequences: ${tally.success} successful and ${tally.error} refused mutations`);
    // FUZZ_VERBOSE=1 shows what the answers were, to tune the generators.
    if (process.env.FUZZ_VERBOSE) for (const [key, n] of [...seen].sort()) t.comment(`  ${n} x ${key}`);
  } catch (error) {
    t.fail(`${(error as Error).message}\n${reproduce(100)}`);
  }
});
