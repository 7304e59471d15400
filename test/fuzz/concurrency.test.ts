// Many requests in flight at once (Promise.all of app.inject): names stay
// unique with consecutive suffixes, totals stay consistent, and sessions never
// see each other's changes, however their requests interleave.
import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build, storeJson } from '../helpers/app.js';
import { checkAnswer, send, VIAS, type Pair } from './support.js';
import { checkIds, checkTotals } from './state.js';
import { readDataFile } from '../../src/store/persistence.js';

async function call(app: FastifyInstance, name: string, pairs: Pair[], session?: string, index = 0) {
  return checkAnswer(await send(app, { via: VIAS[index % VIAS.length], call: name, pairs, session }), name);
}

t.test('200 simultaneous bulkAddProducts with one name get 200 distinct names: name, name(2) ... name(200)', async (t) => {
  const app = await build(t);
  const bodies = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      call(
        app,
        'bulkAddProducts',
        [
          ['products[0][copyof]', String((i % 19) + 1)],
          ['products[0][name]', 'Burst'],
        ],
        undefined,
        i,
      ),
    ),
  );
  t.ok(
    bodies.every((b) => b.success),
    'every request succeeded',
  );
  const ids = bodies.flatMap((b) => b.new_products as string[]);
  t.equal(new Set(ids).size, 200, '200 distinct ids');
  const world = app.billsim.sessions.get('default').world;
  const names = ids.map((id) => world.get('products', id)!.name).sort();
  const expected = ['Burst', ...Array.from({ length: 199 }, (_, i) => `Burst(${i + 2})`)].sort();
  t.strictSame(names, expected, 'consecutive suffixes, none skipped or repeated');
  t.strictSame(checkIds(world), []);
});

t.test('simultaneous bulkAddProducts in one request and across requests never reuse a name', async (t) => {
  const app = await build(t);
  const entries = (k: number): Pair[] =>
    [0, 1, 2].flatMap((i): Pair[] => [
      [`products[${i}][copyof]`, '1'],
      [`products[${i}][name]`, k % 2 ? 'Mix' : 'mix'],
    ]);
  const bodies = await Promise.all(Array.from({ length: 50 }, (_, k) => call(app, 'bulkAddProducts', entries(k), undefined, k)));
  t.ok(bodies.every((b) => b.success));
  const world = app.billsim.sessions.get('default').world;
  const names = bodies.flatMap((b) => b.new_products as string[]).map((id) => world.get('products', id)!.name.toLowerCase());
  t.equal(new Set(names).size, 150, '150 names, unique without regard to case');
});

t.test('simultaneous editEstimateDetails on one estimate leave its totals consistent', async (t) => {
  const app = await build(t);
  const edits = Array.from({ length: 120 }, (_, i): Pair[] => {
    switch (i % 4) {
      case 0:
        return [
          ['id', '2'],
          ['newitem[0][description]', `Line ${i}`],
          ['newitem[0][amount]', `${i}.25`],
          ['newitem[0][qty]', '1.5'],
          ['newitem[0][taxed]', '1'],
        ];
      case 1:
        return [
          ['id', '2'],
          ['taxrate', String(i % 30)],
          ['taxrate2', '2.5'],
        ];
      case 2:
        return [
          ['id', '2'],
          ['credit', `${i % 7}.10`],
          ['item[3][qty]', String((i % 5) + 1)],
        ];
      default:
        return [
          ['id', '2'],
          ['newitem[0][description]', 'Bad'],
          ['newitem[0][amount]', 'x'],
        ]; // refused
    }
  });
  const bodies = await Promise.all(edits.map((pairs, i) => call(app, 'editEstimateDetails', pairs, undefined, i)));
  t.equal(bodies.filter((b) => b.success).length, 90, 'the valid edits succeeded');
  t.equal(bodies.filter((b) => !b.success).length, 30, 'the invalid ones were refused');
  const world = app.billsim.sessions.get('default').world;
  const estimate = world.get('estimates', '2')!;
  t.strictSame(checkTotals('estimate', estimate), [], 'subtotal, taxes and total match the lines');
  t.equal(estimate.items.length, 3 + 30, 'every added line is there once');
  t.strictSame(checkIds(world), [], 'line ids unique');
  const read = await call(app, 'getEstimateDetails', [['id', '2']]);
  t.strictSame((read.estimate as { items: unknown[] }).items.length, 33);
  t.equal((read.estimate as { total: string }).total, estimate.total);
});

t.test('20 sessions doing conflicting mutations in parallel each see only their own changes', async (t) => {
  const app = await build(t);
  const pristine = storeJson(app, 'pristine');
  const addonsBefore = app.billsim.sessions
    .get('pristine')
    .world.all('account_addons')
    .filter((a) => a.account_id === '1' && a.addon_id === '2').length;
  const sessions = Array.from({ length: 20 }, (_, k) => `parallel-${k}`);
  // Every session changes the same records in the same way, so any leak shows as a doubled or foreign change.
  const work = (session: string, k: number) => [
    call(
      app,
      'bulkAddProducts',
      [
        ['products[0][copyof]', '1'],
        ['products[0][name]', 'Shared'],
        ['products[1][copyof]', '2'],
        ['products[1][name]', 'Shared'],
      ],
      session,
      k,
    ),
    call(
      app,
      'editEstimateDetails',
      [
        ['id', '1'],
        ['subject', `Owned by ${session}`],
        ['newitem[0][description]', session],
        ['newitem[0][amount]', `${k}.00`],
      ],
      session,
      k + 1,
    ),
    call(
      app,
      'addClientContact',
      [
        ['id', '1'],
        ['firstname', 'Same'],
        ['lastname', 'Person'],
        ['email', 'same.person@example.com'],
        ['password', 'pw'],
        ['password2', 'pw'],
      ],
      session,
      k + 2,
    ),
    call(
      app,
      'tokenizeClientCard',
      [
        ['client_id', '1'],
        ['gateway_id', '1'],
        ['token', `tok-${session}`],
      ],
      session,
      k + 3,
    ),
    call(
      app,
      'removeOrderDraftItem',
      [
        ['id', '1'],
        ['service', '1'],
      ],
      session,
      k,
    ),
    call(
      app,
      'addAddonToAccount',
      [
        ['account_id', '1'],
        ['addon_id', '2'],
        ['invoice', 'true'],
      ],
      session,
      k + 1,
    ),
  ];
  const bodies = await Promise.all(sessions.flatMap((s, k) => work(s, k)));
  t.ok(
    bodies.every((b) => b.success),
    `every session's mutations succeeded: ${JSON.stringify(bodies.filter((b) => !b.success).map((b) => b.error))}`,
  );

  for (const session of sessions) {
    const world = app.billsim.sessions.get(session).world;
    const products = world
      .all('products')
      .filter((p) => p.name.startsWith('Shared'))
      .map((p) => p.name)
      .sort();
    t.strictSame(products, ['Shared', 'Shared(2)'], `${session}: only its own two copies`);
    const estimate = (await call(app, 'getEstimateDetails', [['id', '1']], session)).estimate as {
      subject: string;
      items: Array<{ description: string }>;
    };
    t.equal(estimate.subject, `Owned by ${session}`);
    t.strictSame(
      estimate.items.map((i) => i.description).filter((d) => d.startsWith('parallel-')),
      [session],
      `${session}: only its own line`,
    );
    const contacts = world.all('clients').filter((c) => c.email === 'same.person@example.com');
    t.equal(contacts.length, 1, `${session}: one contact with the shared email`);
    t.equal(world.all('client_cards').find((c) => c.client_id === '1')!.token, `tok-${session}`);
    t.notOk(
      world.get('order_drafts', '1')!.services.some((s) => s.service_id === '1'),
      `${session}: its removal`,
    );
    t.equal(
      world.all('account_addons').filter((a) => a.account_id === '1' && a.addon_id === '2').length,
      addonsBefore + 1,
      `${session}: its addon`,
    );
    t.strictSame(checkIds(world), []);
    t.equal(app.billsim.sessions.get(session).journal.list().length, 6 + 1, `${session}: its journal holds its own requests`);
  }
  t.equal(storeJson(app, 'default'), pristine, 'the default session is untouched');
});

t.test('simultaneous mutations with a data file: the file ends with every acknowledged write', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-concurrent-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'state.json');
  const app = await build(t, { dataFile: file });
  const bodies = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      call(
        app,
        'bulkAddProducts',
        [
          ['products[0][copyof]', '1'],
          ['products[0][name]', 'Saved'],
        ],
        undefined,
        i,
      ),
    ),
  );
  t.ok(bodies.every((b) => b.success));
  await app.close(); // so no compaction is still replacing the files while they are read
  const saved = readDataFile(file, app.billsim.sessions.seed.data)!.data;
  const ids = new Set(saved.products.map((p) => p.id));
  t.ok(
    bodies.flatMap((b) => b.new_products as string[]).every((id) => ids.has(id)),
    'every acknowledged product is in the file',
  );
  t.equal(saved.products.filter((p) => p.name.startsWith('Saved')).length, 100);
});
