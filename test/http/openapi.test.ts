import t from 'tap';
import SwaggerParser from '@apidevtools/swagger-parser';
import { build, CREDENTIALS } from '../helpers/app.js';
import { operations } from '../../src/operations/index.js';
import { allSchemas, operationSchemaId } from '../../src/schemas.js';
import { buildOpenApi } from '../../src/http/openapi.js';
import { stripFragment } from '../../src/http/docs.js';
import { packageVersion } from '../../src/paths.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Doc = any;

const calls = Object.keys(operations);
const doc: Doc = buildOpenApi(calls, packageVersion());

function operationOf(call: string): Doc {
  return doc.paths[`/admin/api.php#${call}`]?.get;
}

function queryParams(call: string): Doc[] {
  return operationOf(call).parameters.filter((p: Doc) => p.in === 'query');
}

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

t.test('it is built once and shared', async (t) => {
  t.equal(buildOpenApi(calls, packageVersion()), doc);
  t.ok(Object.isFrozen(doc.components.schemas), 'frozen, so no app can change it for another');
});

t.test('every schema file is one component, with in-document refs only', async (t) => {
  const names = Object.keys(doc.components.schemas);
  t.equal(names.length, allSchemas().length);
  for (const name of ['common_defs', 'common_envelope', 'common_error', 'resources_client', 'operations_misc_getCurrencies']) {
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
  t.equal(
    doc.components.schemas.operations_misc_getCurrencies.properties.result.properties.currencies.items.properties.id.$ref,
    '#/components/schemas/common_defs/definitions/positiveId',
  );
});

t.test('one GET operation per registered call', async (t) => {
  const ids = Object.values(doc.paths)
    .map((item: Doc) => item.get.operationId)
    .sort();
  t.strictSame(ids, [...calls].sort());
  for (const call of calls) {
    const op = operationOf(call);
    t.ok(op, `${call} has an operation`);
    t.strictSame(Object.keys(doc.paths[`/admin/api.php#${call}`]), ['get']);
    const callParam = op.parameters.find((p: Doc) => p.name === 'call');
    t.match(callParam, { in: 'query', required: true, schema: { const: call } });
    t.type(op.summary, 'string');
    const response = op.responses['200'].content['application/json'].schema;
    const success = response.oneOf[0];
    t.equal(success.additionalProperties, false, `${call}: the success body is closed`);
    t.ok(
      ['success', 'call', 'server_time'].every((k) => success.required.includes(k)),
      `${call}: envelope fields required`,
    );
    t.strictSame(response.oneOf[1], { $ref: '#/components/schemas/common_error' });
  }
});

t.test("query parameters follow each call's request schema", async (t) => {
  for (const call of calls) {
    const request = requestSchema(call);
    const expected = Object.keys(request.properties ?? {}).filter((p) => !['call', 'api_id', 'api_key', 'outputformat'].includes(p));
    const params = queryParams(call).filter((p) => p.name !== 'call');
    t.strictSame(
      params.map((p) => p.name),
      expected,
      `${call}: one query parameter per request property`,
    );
    for (const p of params) t.equal(p.required, (request.required ?? []).includes(p.name), `${call}.${p.name} required flag`);
  }
});

t.test('spot check: getOtherPopularProducts (lists)', async (t) => {
  const byName = Object.fromEntries(queryParams('getOtherPopularProducts').map((p) => [p.name, p]));
  t.match(byName.product_ids, { required: true, style: 'form', explode: true, schema: { type: 'array', minItems: 1 } });
  t.match(byName.product_ids.description, /product_ids\[\]=/);
  t.equal(byName.product_ids.schema.items.$ref, '#/components/schemas/common_defs/definitions/positiveId');
  t.match(byName.exclude_cat, { required: false, style: 'form', explode: true });
  t.match(byName.client_id, { required: false, schema: { $ref: '#/components/schemas/common_defs/definitions/positiveId' } });
  t.equal(byName.client_id.style, undefined, 'a plain value keeps the default style');
  t.match(byName.client_id.description, /^Must be a positive whole number id/);
});

t.test('spot check: getTransactions (bracket-key objects)', async (t) => {
  const byName = Object.fromEntries(queryParams('getTransactions').map((p) => [p.name, p]));
  t.match(byName.filter, { required: false, style: 'deepObject', explode: true, schema: { type: 'object', additionalProperties: false } });
  t.match(byName.filter.description, /filter\[key\]=value/);
  t.match(byName.page, { required: false, schema: { $ref: '#/components/schemas/common_defs/definitions/page' } });
  t.equal(queryParams('getCurrencies').length, 1, 'a call without parameters has only `call`');
});

t.test('security: api_id and api_key together, in the query', async (t) => {
  t.strictSame(doc.components.securitySchemes, {
    api_id: { type: 'apiKey', in: 'query', name: 'api_id', description: doc.components.securitySchemes.api_id.description },
    api_key: { type: 'apiKey', in: 'query', name: 'api_key', description: doc.components.securitySchemes.api_key.description },
  });
  t.strictSame(doc.security, [{ api_id: [], api_key: [] }]);
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
  const init = await app.inject({ url: '/docs/static/swagger-initializer.js' });
  t.match(init.body, /requestInterceptor/);
});

t.test('"try it out" requests reach the endpoint', async (t) => {
  const app = await build(t);
  const query = new URLSearchParams({ call: 'getCurrencies', ...CREDENTIALS });
  // What the UI builds for the path key, before and after its request interceptor.
  const built = { url: `/admin/api.php#getCurrencies?${query}` };
  const intercept = stripFragment as unknown as (request: { url: string }) => { url: string };
  const sent = intercept(built);
  t.equal(sent.url, `/admin/api.php?${query}`);
  t.equal(intercept({ url: '/admin/api.php#x' }).url, '/admin/api.php');
  const body = (await app.inject({ url: sent.url })).json();
  t.equal(body.success, true, JSON.stringify(body.error ?? []));
  // A list in the form the document declares (style form, explode): repeated keys.
  const list = `call=getOtherPopularProducts&api_id=${CREDENTIALS.api_id}&api_key=${CREDENTIALS.api_key}&product_ids=1&product_ids=2`;
  const listBody = (await app.inject({ url: `/admin/api.php?${list}` })).json();
  t.equal(listBody.success, true, `repeated keys make a list: ${JSON.stringify(listBody.error ?? [])}`);
  // An object as deepObject: bracket keys, percent-encoded as a browser sends them.
  const object = `call=getTransactions&api_id=${CREDENTIALS.api_id}&api_key=${CREDENTIALS.api_key}&filter%5Bmodule%5D=PayPal`;
  const objectBody = (await app.inject({ url: `/admin/api.php?${object}` })).json();
  t.equal(objectBody.success, true, `bracket keys make an object: ${JSON.stringify(objectBody.error ?? [])}`);
});

t.test('placeholder schemas still make a valid document', async (t) => {
  const placeholders = allSchemas().filter((s) => String(s.description ?? '').startsWith('PLACEHOLDER'));
  for (const schema of placeholders) {
    const call = String(schema.$id).replace(/^.*\/operations\/(.*)\.json$/, '$1');
    if (operationOf(call)) t.match(operationOf(call).summary, /^PLACEHOLDER/, call);
  }
  t.pass(`${placeholders.length} placeholder schemas`);
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

t.test("operations are tagged with the API's own sections, in their order", async (t) => {
  t.same(
    doc.tags.map((tag: Doc) => tag.name),
    ['Clients', 'Invoices', 'Orders', 'Accounts', 'Domains', 'Tickets', 'Services and catalogue', 'Estimates', 'Misc'],
  );
  t.same(operationOf('getInvoiceDetails').tags, ['Invoices']);
  t.same(operationOf('getClients').tags, ['Clients']);
  t.same(operationOf('getProducts').tags, ['Services and catalogue']);
  for (const call of calls) t.equal(operationOf(call).tags.length, 1, `${call} has one section`);
});
