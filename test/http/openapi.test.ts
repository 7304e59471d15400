import t from 'tap';
import SwaggerParser from '@apidevtools/swagger-parser';
import { build, CREDENTIALS } from '../helpers/app.js';
import { operations } from '../../src/operations/index.js';
import { allSchemas, operationSchemaId } from '../../src/schemas.js';
import { buildOpenApi } from '../../src/http/openapi.js';
import { prepareRequest } from '../../src/http/docs.js';
import { EXAMPLE_NOW, EXAMPLES, recordedExamples } from '../../src/examples.js';
import { parseParams } from '../../src/http/params.js';
import { packageVersion } from '../../src/paths.js';
import { SECTIONS } from '../../src/sections.js';

type Doc = any;

const calls = Object.keys(operations);
const examples = recordedExamples();
const options = { credentials: { apiId: CREDENTIALS.api_id, apiKey: CREDENTIALS.api_key }, examples };
const doc: Doc = buildOpenApi(calls, packageVersion(), options);

const pathOf = (call: string) => doc.paths[`/admin/api.php#${call}`];
const operationOf = (call: string): Doc => pathOf(call)?.get;
const postOf = (call: string): Doc => pathOf(call)?.post;
/** A parameter, following a $ref into components.parameters. */
const deref = (p: Doc): Doc => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p);
const queryParams = (call: string): Doc[] =>
  operationOf(call)
    .parameters.map(deref)
    .filter((p: Doc) => p.in === 'query');
const ownParams = (call: string) => queryParams(call).filter((p) => !['call', 'api_id', 'api_key'].includes(p.name));
const intercept = prepareRequest as unknown as (request: Doc) => Doc;

function requestSchema(call: string): { properties: Record<string, Doc>; required?: string[] } {
  const schema = allSchemas().find((s) => s.$id === operationSchemaId(call)) as Doc;
  return schema.properties.request;
}

t.test('the document is a valid OpenAPI 3.1 document', async (t) => {
  t.equal(doc.openapi, '3.1.0');
  t.equal(doc.info.title, 'billsim');
  t.equal(doc.info.version, packageVersion());
  t.match(doc.info.description, /admin\/api\.php/);
  t.match(doc.info.description, /HTTP 200/);
  t.strictSame(doc.servers, [{ url: '/' }]);
  await t.resolves(SwaggerParser.validate(structuredClone(doc)));
});

t.test('it is built once per set of options and shared', async (t) => {
  t.equal(buildOpenApi(calls, packageVersion(), options), doc);
  t.ok(Object.isFrozen(doc.components.schemas), 'frozen, so no app can change it for another');
  const other: Doc = buildOpenApi(calls, packageVersion(), { ...options, credentials: { apiId: 'ci', apiKey: 'ci-key' } });
  t.not(other, doc);
  t.equal(other.components.parameters.api_id.example, 'ci');
});

t.test('every schema file is one component, with in-document refs only', async (t) => {
  const names = Object.keys(doc.components.schemas);
  t.equal(names.length, allSchemas().length);
  const some = ['common_defs', 'common_envelope', 'common_error', 'resources_client', 'operations_misc_getCurrencies', 'control_setClock'];
  for (const name of some) {
    t.ok(names.includes(name), name);
  }
  const text = JSON.stringify(doc);
  t.notMatch(text, /"\$id"|"\$schema"|"tsType"/, 'no $id, $schema or non-standard keywords');
  const refs = [...text.matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1]);
  t.ok(refs.length > 0);
  t.strictSame(
    refs.filter((ref) => !ref.startsWith('#/components/')),
    [],
    'every $ref points into the document',
  );
  t.equal(doc.components.schemas.resources_invoice.properties.items.items.$ref, '#/components/schemas/resources_invoice/definitions/item');
});

t.test('one GET and one urlencoded POST operation per registered call', async (t) => {
  const apiPaths = Object.keys(doc.paths).filter((p) => p.startsWith('/admin/api.php#'));
  t.strictSame(apiPaths.map((p) => p.slice('/admin/api.php#'.length)).sort(), [...calls].sort());
  for (const call of calls) {
    t.strictSame(Object.keys(pathOf(call)), ['get', 'post'], call);
    t.equal(operationOf(call).operationId, call);
    t.equal(postOf(call).operationId, `${call}_post`);
    const callParam = operationOf(call).parameters.find((p: Doc) => p.name === 'call');
    t.match(callParam, { in: 'query', required: true, schema: { const: call } });
    for (const op of [operationOf(call), postOf(call)]) {
      const response = op.responses['200'].content['application/json'].schema;
      t.equal(response.oneOf[0].additionalProperties, false, `${call}: the success body is closed`);
      t.ok(
        ['success', 'call', 'server_time'].every((k) => response.oneOf[0].required.includes(k)),
        `${call}: envelope fields required`,
      );
      t.strictSame(response.oneOf[1], { $ref: '#/components/schemas/common_error' });
    }
  }
});

t.test("query parameters follow each call's request schema", async (t) => {
  for (const call of calls) {
    const request = requestSchema(call);
    const expected = Object.keys(request.properties ?? {}).filter((p) => !['call', 'api_id', 'api_key', 'outputformat'].includes(p));
    const params = ownParams(call);
    t.strictSame(
      params.map((p) => p.name),
      expected,
      `${call}: one query parameter per request property`,
    );
    for (const p of params) t.equal(p.required, (request.required ?? []).includes(p.name), `${call}.${p.name} required flag`);
  }
});

t.test('the form body of each POST holds the transport fields and the same parameters', async (t) => {
  for (const call of calls) {
    const body = postOf(call).requestBody;
    t.equal(body.required, true);
    t.strictSame(Object.keys(body.content), ['application/x-www-form-urlencoded'], call);
    const { schema } = body.content['application/x-www-form-urlencoded'];
    t.strictSame(
      Object.keys(schema.properties),
      ['call', 'api_id', 'api_key', ...ownParams(call).map((p) => p.name)],
      `${call}: form fields`,
    );
    const request = requestSchema(call);
    t.strictSame(schema.required, ['call', 'api_id', 'api_key', ...(request.required ?? [])], `${call}: required fields`);
    t.match(schema.properties, { call: { const: call }, api_id: { default: 'billsim' }, api_key: { default: 'billsim-secret' } });
  }
});

t.test('spot check: getOtherPopularProducts (a list of plain values)', async (t) => {
  const byName = Object.fromEntries(ownParams('getOtherPopularProducts').map((p) => [p.name, p]));
  t.match(byName.product_ids, { required: true, style: 'form', explode: true, schema: { type: 'array', minItems: 1 }, example: ['1'] });
  t.match(byName.product_ids.description, /product_ids\[\]=/);
  t.equal(byName.product_ids.schema.items.$ref, '#/components/schemas/common_defs/definitions/positiveId');
  t.match(byName.exclude_cat, { required: false, style: 'form', explode: true, example: [] });
  t.match(byName.client_id, { required: false, schema: { $ref: '#/components/schemas/common_defs/definitions/positiveId' } });
  t.equal(byName.client_id.style, undefined, 'a plain value keeps the default style');
  t.equal(byName.client_id.example, undefined, 'no example: the field starts empty and is not sent');
  t.match(byName.client_id.description, /^Must be a positive whole number id/);
  const form = postOf('getOtherPopularProducts').requestBody.content['application/x-www-form-urlencoded'];
  t.strictSame(form.encoding.product_ids, { style: 'form', explode: true });
  t.strictSame(form.schema.properties.product_ids.example, ['1']);
  t.equal(form.schema.properties.client_id.example, '', 'an empty form field is left out by the docs page');
});

t.test('spot check: getTransactions (an object of plain values as bracket keys)', async (t) => {
  const byName = Object.fromEntries(ownParams('getTransactions').map((p) => [p.name, p]));
  t.match(byName.filter, { required: false, style: 'deepObject', explode: true, schema: { type: 'object', additionalProperties: false } });
  t.match(byName.filter.description, /filter\[key\]=value/);
  t.strictSame(byName.filter.example, {}, 'an empty object, not a made-up sample');
  t.match(byName.page, { required: false, schema: { $ref: '#/components/schemas/common_defs/definitions/page' }, example: '0' });
  t.strictSame(ownParams('getCurrencies'), [], 'a call without parameters has only the transport ones');
});

t.test('spot check: bulkAddProducts (nested bracket keys, described as JSON)', async (t) => {
  const [products] = ownParams('bulkAddProducts');
  t.equal(products.name, 'products');
  t.equal(products.schema, undefined, 'content instead of schema and style');
  t.strictSame(products.content['application/json'].example, [{ copyof: '1', name: 'Starter copy' }]);
  t.match(products.description, /products\[0\]\[key\]=value.*as JSON/);
  const form = postOf('bulkAddProducts').requestBody.content['application/x-www-form-urlencoded'];
  t.strictSame(form.encoding.products, { contentType: 'application/json' });
  const [privileges] = ownParams('addClientContact').filter((p) => p.name === 'privileges');
  t.strictSame(privileges.content['application/json'].example, { billing: { payinvoice: '1' } });
});

t.test('api_id and api_key are parameters filled in with the credentials the app was built with, a key of its own left out', async (t) => {
  t.match(doc.components.parameters.api_id, { in: 'query', required: true, example: 'billsim', schema: { default: 'billsim' } });
  t.match(doc.components.parameters.api_key, {
    in: 'query',
    required: true,
    example: 'billsim-secret',
    schema: { default: 'billsim-secret' },
  });
  t.equal(doc.security, undefined, 'no Authorize step for the API');
  t.strictSame(Object.keys(doc.components.securitySchemes), ['customerToken', 'customerBasic', 'controlToken']);
  const app = await build(t, { credentials: { apiId: 'team', apiKey: 'team-secret' } });
  const served = (await app.inject({ url: '/openapi.json' })).json();
  t.match(served.components.parameters.api_id, { example: 'team', schema: { default: 'team' } });
  t.strictSame(served.components.parameters.api_key.schema, { type: 'string' }, 'served to anyone: the key is typed in');
  t.equal(served.components.parameters.api_key.example, undefined);
  const form = served.paths['/admin/api.php#getCurrencies'].post.requestBody.content['application/x-www-form-urlencoded'];
  t.strictSame(form.example, { call: 'getCurrencies', api_id: 'team' });
  t.match(form.schema.properties.api_key, { type: 'string', description: /a key of its own, left out here/ });
  t.notOk(JSON.stringify(served).includes('team-secret'));
});

t.test('examples are the recorded answers of src/examples.ts, and still what billsim answers', async (t) => {
  t.strictSame(Object.keys(examples).sort(), [...calls].sort(), 'one recorded example per call');
  const app = await build(t, { now: EXAMPLE_NOW });
  for (const call of calls) {
    const { query, answer } = examples[call];
    t.equal(query, EXAMPLES[call], `${call}: the request of src/examples.ts`);
    t.strictSame(operationOf(call).responses['200'].content['application/json'].example, answer, `${call}: GET response example`);
    t.strictSame(postOf(call).responses['200'].content['application/json'].example, answer, `${call}: POST response example`);
    const sent = parseParams(query);
    const shown = Object.fromEntries(
      ownParams(call)
        .filter((p) => p.name in sent)
        .map((p) => [p.name, p.example ?? p.content['application/json'].example]),
    );
    t.strictSame(shown, sent, `${call}: each parameter's example is its value in the request`);
    const fresh = await app.inject({
      url: `/admin/api.php?call=${call}&api_id=billsim&api_key=billsim-secret${query ? `&${query}` : ''}`,
      headers: { 'x-billsim-session': `recorded-${call}` },
    });
    t.strictSame(fresh.json(), answer, `${call}: the recorded answer is current (npm run gen:examples)`);
  }
});

t.test('summaries are plain text: Swagger UI does not render Markdown there', async (t) => {
  const summaries = Object.values(doc.paths).flatMap((item: Doc) => Object.values(item).map((op: Doc) => op.summary));
  t.ok(summaries.length > calls.length * 2, `${summaries.length} summaries`);
  t.strictSame(
    summaries.filter((s: string) => s.includes('`')),
    [],
  );
  t.equal(operationOf('addClientContact').summary, 'Adds a contact under main client id.');
  t.match(operationOf('addClientContact').description, /`id`/, 'descriptions keep their Markdown');
});

t.test('GET /openapi.json serves the document', async (t) => {
  const app = await build(t);
  const response = await app.inject({ url: '/openapi.json' });
  t.equal(response.statusCode, 200);
  t.match(response.headers['content-type'], /application\/json/);
  t.strictSame(response.json(), JSON.parse(JSON.stringify(doc)));
});

t.test('GET /docs renders Swagger UI from local assets only', async (t) => {
  const app = await build(t);
  for (const url of ['/docs', '/docs/']) {
    const page = await app.inject({ url });
    t.equal(page.statusCode, 200, url);
    t.match(page.headers['content-type'], /text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    t.ok(
      assets.some((a) => a.endsWith('swagger-ui-bundle.js')),
      'loads the UI bundle',
    );
    t.ok(
      assets.some((a) => a.endsWith('swagger-ui.css')),
      'loads the UI styles',
    );
    t.notOk(
      assets.some((a) => /^(https?:)?\/\//.test(a)),
      'nothing from another host',
    );
    for (const asset of assets) {
      const path = new URL(asset, `http://localhost${url}`).pathname;
      const response = await app.inject({ url: path });
      t.equal(response.statusCode, 200, `${url} -> ${path}`);
    }
  }
  const spec = await app.inject({ url: '/docs/json' });
  t.equal(spec.statusCode, 200, 'the UI loads its document from /docs/json');
  t.equal(spec.json().info.title, 'billsim');
  t.equal(spec.json().openapi, '3.0.3', 'the lighter form of the page (test/http/docs-document.test.ts)');
  const init = await app.inject({ url: '/docs/static/swagger-initializer.js' });
  t.match(init.body, /requestInterceptor/);
  t.match(init.body, /tryItOutEnabled/);
});

t.test('the request interceptor: the fragment goes, JSON values become bracket keys, empty form fields stay out', async (t) => {
  const auth = new URLSearchParams(CREDENTIALS).toString();
  t.equal(intercept({ url: `/admin/api.php#getCurrencies?call=getCurrencies&${auth}` }).url, `/admin/api.php?call=getCurrencies&${auth}`);
  t.equal(intercept({ url: '/admin/api.php#x' }).url, '/admin/api.php');
  const json = encodeURIComponent(JSON.stringify([{ copyof: '1', name: 'Copy' }]));
  const get = intercept({ url: `/admin/api.php#bulkAddProducts?call=bulkAddProducts&products=${json}` });
  t.equal(decodeURIComponent(get.url), '/admin/api.php?call=bulkAddProducts&products[0][copyof]=1&products[0][name]=Copy');
  const post = intercept({
    url: '/admin/api.php#addClientContact',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `call=addClientContact&notes=&privileges=${encodeURIComponent('{"billing":{"payinvoice":"1"}}')}&id=1`,
  });
  t.equal(decodeURIComponent(post.body), 'call=addClientContact&privileges[billing][payinvoice]=1&id=1');
  const plain = 'call=getCurrencies&note=%5Bnot+json';
  t.equal(intercept({ url: '/x', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: plain }).body, plain);
});

t.test('every call answers the request the docs page sends for it, by GET and by POST', async (t) => {
  const app = await build(t, { now: EXAMPLE_NOW });
  // What Swagger UI sends from the filled-in fields: plain values as they are,
  // lists as repeated keys, flat objects as bracket keys, JSON ones as JSON.
  const pairs = (call: string): [string, string][] => {
    const out: [string, string][] = [
      ['call', call],
      ['api_id', 'billsim'],
      ['api_key', 'billsim-secret'],
    ];
    for (const p of ownParams(call)) {
      const value = p.example ?? p.content?.['application/json'].example;
      if (value === undefined || value === '') continue;
      if (p.content) out.push([p.name, JSON.stringify(value)]);
      else if (Array.isArray(value)) for (const v of value) out.push([p.name, String(v)]);
      else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push([`${p.name}[${k}]`, String(v)]);
      else out.push([p.name, String(value)]);
    }
    return out;
  };
  for (const call of calls) {
    const query = new URLSearchParams(pairs(call)).toString();
    const get = intercept({ url: `/admin/api.php#${call}?${query}`, headers: {} });
    const byGet = await app.inject({ url: get.url, headers: { 'x-billsim-session': `docs-get-${call}` } });
    // Success, but for a call billsim always refuses (call=module), whose docs example shows the error.
    const expected = !operations[call].answer?.alwaysRefused;
    t.equal(byGet.json().success, expected, `GET ${call}: ${JSON.stringify(byGet.json().error ?? [])}`);
    const headers = { 'content-type': 'application/x-www-form-urlencoded', 'x-billsim-session': `docs-post-${call}` };
    const post = intercept({ url: `/admin/api.php#${call}`, headers, body: query });
    const byPost = await app.inject({ method: 'POST', url: post.url, headers, payload: post.body });
    t.equal(byPost.json().success, expected, `POST ${call}: ${JSON.stringify(byPost.json().error ?? [])}`);
  }
});

t.test('real answers validate against the published response schemas', async (t) => {
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const dereferenced = (await SwaggerParser.dereference(structuredClone(doc))) as Doc;
  const app = await build(t);
  const samples: [string, string][] = [
    ['getCurrencies', ''],
    ['getInvoiceDetails', 'id=1'],
    ['getProducts', 'id=1'],
    ['getOrderDraft', 'id=1'],
    ['getTransactions', 'page=0'],
    ['getInvoiceDetails', 'id=999'],
  ];
  for (const [call, query] of samples) {
    const response = await app.inject({
      url: `/admin/api.php?call=${call}&api_id=${CREDENTIALS.api_id}&api_key=${CREDENTIALS.api_key}&${query}`,
    });
    const schema = dereferenced.paths[`/admin/api.php#${call}`].get.responses[200].content['application/json'].schema;
    const check = ajv.compile(schema);
    t.ok(check(response.json()), `${call} ${query}: ${JSON.stringify(check.errors?.slice(0, 2) ?? [])}`);
  }
});

t.test(
  "operations are tagged with the API's own sections, in their order, then the customer's door, then the test control routes",
  async (t) => {
    t.same(
      doc.tags.map((tag: Doc) => tag.name),
      [...SECTIONS.map((section) => section.title), "Customer's door (User API)", 'Test control'],
    );
    t.ok(
      doc.tags.some((tag: Doc) => tag.name === 'Affiliates'),
      'a section of its own for the affiliate calls',
    );
    t.same(operationOf('getInvoiceDetails').tags, ['Invoices']);
    t.same(postOf('getInvoiceDetails').tags, ['Invoices']);
    t.same(operationOf('getClients').tags, ['Clients']);
    t.same(operationOf('getProducts').tags, ['Services and catalogue']);
    for (const call of calls) t.equal(operationOf(call).tags.length, 1, `${call} has one section`);
  },
);
