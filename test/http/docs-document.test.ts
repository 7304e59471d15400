import t from 'tap';
import SwaggerParser from '@apidevtools/swagger-parser';
import { build, CREDENTIALS } from '../helpers/app.js';
import { operations } from '../../src/operations/index.js';
import { buildOpenApi } from '../../src/http/openapi.js';
import { docsPageDocument } from '../../src/http/docs-document.js';
import { openFirstSection, parseJsonFirst } from '../../src/http/docs.js';
import { recordedExamples } from '../../src/examples.js';
import { packageVersion } from '../../src/paths.js';

type Doc = any;

const calls = Object.keys(operations);
const options = { credentials: { apiId: CREDENTIALS.api_id, apiKey: CREDENTIALS.api_key }, examples: recordedExamples() };
const full: Doc = buildOpenApi(calls, packageVersion(), options);
const page: Doc = docsPageDocument(full);
const pathOf = (call: string) => `/admin/api.php#${call}`;

t.test('the page loads a valid OpenAPI 3.0 document, and the full one is left as it was', async (t) => {
  t.equal(page.openapi, '3.0.3');
  await t.resolves(SwaggerParser.validate(structuredClone(page)));
  t.equal(full.openapi, '3.1.0');
  t.strictSame(Object.keys(full.paths[pathOf('getCurrencies')]), ['get', 'post'], 'the full document keeps the POST');
  t.match(page.info.description, /one operation per call, the GET/);
  t.match(page.info.description, /\/openapi\.json` is the complete OpenAPI 3\.1/);
  t.strictSame(page.tags, full.tags);
});

t.test('one operation per call, the GET, with the same parameters and examples, naming its POST form', async (t) => {
  for (const call of calls) {
    const item = page.paths[pathOf(call)];
    t.strictSame(Object.keys(item), ['get'], call);
    const get = item.get;
    const whole = full.paths[pathOf(call)].get;
    t.equal(get.operationId, call);
    t.strictSame(get.tags, whole.tags);
    t.equal(get.summary, whole.summary);
    t.equal(get.description, `${whole.description}\n\nPOST: the same parameters as a urlencoded form (\`${call}_post\` in /openapi.json).`);
    const names = (params: Doc[]) =>
      params.map((p) => p.$ref ?? `${p.name}=${JSON.stringify(p.example ?? p.content?.['application/json'].example)}`);
    t.strictSame(names(get.parameters), names(whole.parameters), `${call}: the fields Execute sends`);
    t.strictSame(
      get.responses[200].content['application/json'].example,
      whole.responses[200].content['application/json'].example,
      `${call}: the recorded answer`,
    );
  }
  t.strictSame(page.components.parameters.api_key, { ...full.components.parameters.api_key }, 'the credentials as filled in');
});

t.test('the control routes keep every method', async (t) => {
  const control = Object.keys(full.paths).filter((path) => !path.includes('#'));
  t.ok(control.length > 10);
  for (const path of control) t.strictSame(Object.keys(page.paths[path]), Object.keys(full.paths[path]), path);
});

t.test('schemas in 3.0 words, definitions as components of their own, only those reached', async (t) => {
  const getCurrencies = page.paths[pathOf('getCurrencies')].get;
  t.strictSame(
    getCurrencies.parameters[0].schema,
    { type: 'string', enum: ['getCurrencies'], default: 'getCurrencies' },
    'const as a one-value enum',
  );
  const text = JSON.stringify(page);
  t.notMatch(text, /"const"|"\$comment"|"propertyNames"|"if"|"\$defs"|"definitions"|"prefixItems"|"type":\[/, 'no keyword 3.0 lacks');
  t.equal(page.components.schemas.resources_invoice.properties.items.items.$ref, '#/components/schemas/resources_invoice.item');
  t.ok(page.components.schemas['resources_invoice.item'], 'the definition moved up');
  t.notOk(page.components.schemas.operations_misc_getCurrencies, 'an operation schema no path refers to is left out');
  const reached = new Set([...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"/]*)/g)].map((m) => m[1]));
  t.strictSame(
    Object.keys(page.components.schemas).filter((name) => !reached.has(name)),
    [],
    'every component is referred to',
  );
  // The customer's door has one operation per route in both documents, so its weight is left out of the halving.
  const door =
    JSON.stringify(Object.entries(page.paths).filter(([path]) => path.startsWith('/api/'))).length +
    JSON.stringify(Object.entries(page.components.schemas).filter(([name]) => name.startsWith('userapi_'))).length;
  const calls = text.length - door;
  t.ok(
    calls < JSON.stringify(full).length / 2,
    `${calls} bytes besides the door's ${door}, less than half of the full ${JSON.stringify(full).length}`,
  );
});

t.test('a nullable type, an exclusive bound, a boolean schema; a schema nothing reaches is left out', async (t) => {
  const properties = {
    n: { type: ['string', 'null'], examples: ['x'] },
    m: { type: ['integer', 'string'], minLength: 1 },
    e: { type: 'number', exclusiveMinimum: 0 },
    f: false,
    z: { type: 'null' },
  };
  const answer = { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/a' } } } } };
  const doc = docsPageDocument({
    openapi: '3.1.0',
    info: { title: 'x', version: '1', description: '' },
    paths: { '/x': { get: { responses: answer } } },
    components: { parameters: {}, schemas: { a: { type: 'object', properties }, b: { type: 'string' } } },
  }) as Doc;
  t.strictSame(doc.components.schemas, {
    a: {
      type: 'object',
      properties: {
        n: { type: 'string', nullable: true, example: 'x' },
        m: {
          anyOf: [
            { minLength: 1, type: 'integer' },
            { minLength: 1, type: 'string' },
          ],
        },
        e: { type: 'number', minimum: 0, exclusiveMinimum: true },
        f: { not: {} },
        z: { nullable: true, enum: [null] },
      },
    },
  });
});

t.test('GET /docs/json is the page form (no YAML form); the UI opens the first section', async (t) => {
  const app = await build(t);
  const served = (await app.inject({ url: '/docs/json' })).json();
  t.strictSame(served, JSON.parse(JSON.stringify(docsPageDocument(JSON.parse((await app.inject({ url: '/openapi.json' })).body)))));
  const yaml = await app.inject({ url: '/docs/yaml' });
  t.equal(yaml.statusCode, 404);
  t.strictSame(yaml.json(), {
    error: "The docs page's document is /docs/json (JSON only); the full OpenAPI 3.1 document is /openapi.json.",
  });
  const init = await app.inject({ url: '/docs/static/swagger-initializer.js' });
  t.match(init.body, /"docExpansion":"none"/);
  t.match(init.body, /layoutActions\.show\(\['operations-tag', "Clients"\], true\)/);
  const shown: unknown[] = [];
  (openFirstSection() as Doc).afterLoad({ layoutActions: { show: (...args: unknown[]) => shown.push(args) } });
  t.strictSame(shown, [[['operations-tag', 'Clients'], true]]);
  const isShown = (filter: string) =>
    (openFirstSection() as Doc).statePlugins.layout.wrapSelectors.isShown((key: unknown, fallback: boolean) => [key, fallback], {
      layoutSelectors: { currentFilter: () => filter },
    });
  t.strictSame(isShown('')({}, ['operations-tag', 'Misc'], false), [['operations-tag', 'Misc'], false], 'closed by default');
  t.strictSame(isShown('Mi')({}, ['operations-tag', 'Misc'], false), [['operations-tag', 'Misc'], true], 'open while filtered');
  t.strictSame(isShown('Mi')({}, ['operations', 'Misc', 'x'], false), [['operations', 'Misc', 'x'], false], 'operations stay closed');
});

t.test('the page reads its document with JSON.parse, and what that refuses with the YAML parser', async (t) => {
  const seen: unknown[] = [];
  const system = {
    specSelectors: { specStr: () => '{"openapi":"3.0.3"}' },
    errActions: { clear: (what: unknown) => seen.push(['clear', what]) },
    specActions: { updateJsonSpec: (json: unknown) => seen.push(['json', json]) },
  };
  const parse = (parseJsonFirst() as Doc).statePlugins.spec.wrapActions.parseToJson((text: string) => seen.push(['yaml', text]), system);
  parse();
  parse('openapi: 3.0.3');
  t.strictSame(seen, [
    ['clear', { source: 'parser' }],
    ['json', { openapi: '3.0.3' }],
    ['yaml', 'openapi: 3.0.3'],
  ]);
  const app = await build(t);
  const init = await app.inject({ url: '/docs/static/swagger-initializer.js' });
  t.match(init.body, /"plugins":\[function openFirstSection\(\) \{[\s\S]*function parseJsonFirst\(\)/);
});
