import t from 'tap';
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertError, assertSuccess, build, ENCODINGS, storeJson, type Body, type WireParams } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { orderDraft } from '../../helpers/reads.js';

type Json = Record<string, unknown>;
const CALL = 'removeOrderDraftItem';

const draftOf = orderDraft<Json>;

async function remove(t: Test, app: FastifyInstance, params: WireParams): Promise<Json> {
  const body = await api(app, CALL, params);
  const result = assertSuccess(t, body, CALL);
  t.strictSame(result.info, ['Draft item removed']);
  return result.draft as Json;
}

const items = (draft: Json, list: 'services' | 'domains'): Record<string, Json> => draft[list] as Record<string, Json>;

t.test('removeOrderDraftItem removes a service; the total drops; getOrderDraft shows it', async (t) => {
  const app = await build(t);
  const before = await draftOf(t, app, '1');
  const body = await api(app, CALL, { id: '1', service: '1' });
  const result = assertSuccess(t, body, CALL);
  // 6.00 backup + 29.00 domain: the VPS (57.00 + 10.00 setup) is gone.
  const expected = { ...before, services: { 2: items(before, 'services')['2'] }, subtotal: 35, total: 35 };
  t.strictSame(result, { draft: expected, info: ['Draft item removed'] });
  t.strictSame(Object.keys(body), ['success', 'draft', 'call', 'server_time', 'info'], 'info after server_time');
  t.strictSame(await draftOf(t, app, '1'), expected, 'getOrderDraft shows the change');
  assertError(t, await api(app, CALL, { id: '1', service: '1' }), CALL, ['Order draft 1 service 1 not found']);
  assertError(t, await api(app, 'editOrderDraftItem', { id: '1', service: '1', qty: '2' }), 'editOrderDraftItem', [
    'Order draft 1 service 1 not found',
  ]);
});

t.test('removeOrderDraftItem works through GET, urlencoded and multipart alike', async (t) => {
  const app = await build(t);
  const bodies: Body[] = [];
  for (const via of ENCODINGS) {
    const body = await api(app, CALL, { id: '2', domain: '1' }, { via, session: via });
    assertSuccess(t, body, CALL);
    t.strictSame(Object.keys(items(body.draft as Json, 'domains')), ['2'], `${via}: domain 1 is gone, 2 keeps its id`);
    t.equal((body.draft as Json).total, 49.55, `${via}: 2 x 17.90 + 13.75`);
    t.strictSame(await draftOf(t, app, '2', via), body.draft, `${via}: getOrderDraft in the same session agrees`);
    bodies.push(body);
  }
  for (let i = 1; i < bodies.length; i++) t.strictSame(bodies[i], bodies[0], `${ENCODINGS[i]} answers as GET does`);
  t.equal((await draftOf(t, app, '2')).total, 64.05, 'the default session is untouched');
});

t.test('removing a domain leaves the services; the last domain leaves []', async (t) => {
  const app = await build(t);
  const before = await draftOf(t, app, '1');
  const draft = await remove(t, app, { id: '1', domain: '1' });
  t.strictSame(draft, { ...before, domains: [], subtotal: 73, total: 73 }, '67.00 + 6.00, no domain');
  t.strictSame((await draftOf(t, app, '1')).domains, []);
});

t.test('removing the last service leaves services: []', async (t) => {
  const app = await build(t);
  const before = await draftOf(t, app, '3');
  const draft = await remove(t, app, { id: '3', service: '1' });
  t.strictSame(draft, { ...before, services: [], subtotal: 0, total: 0 });
  t.strictSame(draft.services, [], 'an empty list as PHP serialises it');
  t.strictSame(await draftOf(t, app, '3'), draft);
});

refusals('exactly one of service or domain names the item', CALL, [
  [{ id: '1' }, 'Parameter service or domain is required: the service_id or domain_id of the draft item'],
  [{ id: '1', service: '1', domain: '1' }, 'Parameters service and domain exclude each other: name one draft item per call'],
]);

refusals('unknown draft or item', CALL, [
  [{ id: '99', service: '1' }, 'Order draft 99 not found'],
  [{ id: '1', service: '3' }, 'Order draft 1 service 3 not found'],
  [{ id: '3', domain: '1' }, 'Order draft 3 domain 1 not found'],
]);

t.test('missing and malformed parameters', async (t) => {
  const app = await build(t);
  assertError(t, await api(app, CALL, { service: '1' }), CALL, ['Parameter id is required']);
  const cases: Array<[WireParams, string]> = [
    [{ id: 'abc', service: '1' }, 'Parameter id must be a positive whole number id, such as 1'],
    [{ id: '1', service: '1.5' }, 'Parameter service must be a positive whole number id, such as 1'],
    [{ id: '1', domain: '0' }, 'Parameter domain must be a positive whole number id, such as 1'],
  ];
  for (const [params, message] of cases) assertError(t, await api(app, CALL, params), CALL, [message]);
});

t.test('a request that fails late leaves the store unchanged', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  // The draft exists and the selector is valid; only the item is missing.
  assertError(t, await api(app, CALL, { id: '2', domain: '3' }), CALL, ['Order draft 2 domain 3 not found']);
  t.equal(storeJson(app), before);
  t.equal((await draftOf(t, app, '2')).total, 64.05);
});
