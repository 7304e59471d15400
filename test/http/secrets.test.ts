// Keys stay out of what anyone who reaches the server can read: the OpenAPI
// document and the docs page hold the bundled key only, the state routes mask
// keys, and the dashboard's state browser still lists the records.
import t from 'tap';
import { api, build } from '../helpers/app.js';
import { maskSecret } from '../../src/lib/secrets.js';

const OWN_KEY = 'my-own-key-0123456789';

t.test('/openapi.json and /docs hold no key of the user own, and say where to find it', async (t) => {
  const app = await build(t, { credentials: { apiKey: OWN_KEY } });
  const text = (await app.inject({ url: '/openapi.json' })).body;
  t.notOk(text.includes(OWN_KEY), 'not in the document');
  t.notOk(text.includes('my-own'), 'not even in part');
  const document = JSON.parse(text);
  const parameter = document.components.parameters.api_key;
  t.strictSame(parameter.schema, { type: 'string' }, 'the field starts empty');
  t.equal(parameter.example, undefined);
  t.match(parameter.description, /left out here: type in the api_key of API access record 1 \(BILLSIM_API_KEY, or api_access\.json/);
  t.equal(document.components.parameters.api_id.example, 'billsim', 'the id is no secret');
  for (const url of ['/docs', '/docs/static/index.html', '/docs/static/swagger-initializer.js', '/docs/json']) {
    const page = await app.inject({ url });
    t.notOk(page.body.includes(OWN_KEY), `not in ${url} (${page.statusCode})`);
  }
  t.match(
    await api(app, 'getCurrencies', {}, { credentials: { api_id: 'billsim', api_key: OWN_KEY } }),
    { success: true },
    'the key works',
  );
});

t.test('the bundled key, which is public, is filled in', async (t) => {
  const app = await build(t);
  const document = (await app.inject({ url: '/openapi.json' })).json();
  t.equal(document.components.parameters.api_key.example, 'billsim-secret');
  t.equal(document.components.parameters.api_key.schema.default, 'billsim-secret');
});

t.test('the state routes mask API keys; the journal redacts them; the world keeps them', async (t) => {
  const app = await build(t, { credentials: { apiKey: OWN_KEY } });
  const rows = (await app.inject({ url: '/__billsim/state/api_access' })).json().api_access as Record<string, unknown>[];
  t.strictSame(
    rows.map((row) => [row.id, row.api_id, row.api_key]),
    [
      ['1', 'billsim', 'my-o****'],
      ['2', 'readonly', 'read****'],
      ['3', 'office', 'offi****'],
      ['4', 'storefront', 'stor****'],
    ],
  );
  const page = (await app.inject({ url: '/__billsim/state/api_access?perpage=1' })).json().api_access as Record<string, unknown>[];
  t.equal(page[0].api_key, maskSecret(String(app.billsim.sessions.get('default').world.get('api_access', page[0].id as string)!.api_key)));
  const one = (await app.inject({ url: '/__billsim/state/api_access/1' })).json();
  t.strictSame(one, { ...rows[0] }, 'one record as in the list');
  const byId = (await app.inject({ url: '/__billsim/state/api_access?field=api_id&value=billsim' })).json().api_access;
  t.equal(byId[0].api_key, 'my-o****', 'filtered too');
  t.notOk(JSON.stringify(await app.inject({ url: '/__billsim/state' }).then((r) => r.json())).includes(OWN_KEY), 'the state summary');
  t.equal(app.billsim.sessions.get('default').world.get('api_access', '1')!.api_key, OWN_KEY, 'the world keeps the key itself');
  const meta = (await app.inject({ url: '/__billsim/dashboard/meta.json' })).json();
  t.ok(new RegExp(meta.secretFields.pattern, meta.secretFields.flags).test('api_key'), 'the state browser shows the field as redacted');
});

t.test('a masked secret shows its first 4 characters, a short one none', async (t) => {
  t.equal(maskSecret('billsim-secret'), 'bill****');
  t.equal(maskSecret('1234567'), '****');
  t.equal(maskSecret('12345678'), '1234****');
});
