// The /__billsim control routes as the OpenAPI document describes them, checked
// against what the app serves and answers.
import t from 'tap';
import SwaggerParser from '@apidevtools/swagger-parser';
import { build } from '../helpers/app.js';
import { operations } from '../../src/operations/index.js';
import { buildOpenApi } from '../../src/http/openapi.js';
import { packageVersion } from '../../src/paths.js';
import { answers, CONTROL_PREFIX, CONTROL_ROUTES } from '../../src/http/control.js';

type Doc = any;

const doc: Doc = buildOpenApi(Object.keys(operations), packageVersion());
const ROUTES = CONTROL_ROUTES.map((route) => `${route.method} ${CONTROL_PREFIX}${route.url.replace(/:(\w+)/g, '{$1}')}`);

const documented = Object.entries(doc.paths)
  .filter(([path]) => path.startsWith('/__billsim/'))
  .flatMap(([path, item]) =>
    Object.entries(item as Doc).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op: op as Doc })),
  );

t.test('every control route of the table is documented under its own tag, with each answer its schema gives', async (t) => {
  t.strictSame(documented.map((d) => d.route).sort(), [...ROUTES].sort());
  t.match(doc.tags.at(-1), { name: 'Test control', description: /405/ });
  for (const [i, route] of CONTROL_ROUTES.entries()) {
    const { op } = documented.find((d) => d.route === ROUTES[i])!;
    t.strictSame(op.tags, ['Test control'], ROUTES[i]);
    t.equal(op.operationId, `control${route.schema[0].toUpperCase()}${route.schema.slice(1)}`);
    const statuses = answers(route).map(String);
    t.ok(statuses.length > 0 && statuses[0].startsWith('2'), `${ROUTES[i]}: a success answer first`);
    t.strictSame(Object.keys(op.responses).sort(), [...statuses, ...(route.open ? [] : ['401'])].sort(), `${ROUTES[i]}: its answers`);
    for (const status of statuses) {
      t.equal(
        op.responses[status].content['application/json'].schema.$ref,
        `#/components/schemas/control_${route.schema}/properties/answers/properties/${status}`,
        `${ROUTES[i]} ${status}: the schema's answer`,
      );
    }
    t.ok(op.summary && !op.summary.endsWith('.'), `${ROUTES[i]}: a summary`);
    t.strictSame(op.security, route.open ? [] : [{}, { controlToken: [] }], `${ROUTES[i]}: the token only when the server has one`);
    t.equal(
      op.parameters.some((p: Doc) => p.$ref === '#/components/parameters/session'),
      route.session !== false,
      `${ROUTES[i]}: the session header when it acts on a session`,
    );
  }
  const clock = doc.paths['/__billsim/clock'].post.requestBody.content['application/json'];
  t.strictSame(clock.schema, { $ref: '#/components/schemas/control_setClock/properties/body' });
  t.strictSame(Object.keys(doc.components.schemas.control_setClock.properties.body.properties), [
    'now',
    'advanceSeconds',
    'advanceDays',
    'frozen',
  ]);
  t.strictSame(clock.example, { advanceDays: 30 });
  t.match(doc.paths['/__billsim/faults'].post, { responses: { 201: {}, 400: {}, 409: {}, 415: {} } });
  t.match(doc.paths['/__billsim/snapshots/{name}'].post.parameters[0], {
    name: 'name',
    in: 'path',
    required: true,
    description: 'Must be 1 to 64 characters.',
    schema: { type: 'string', minLength: 1, maxLength: 64 },
    example: 'before',
  });
});

t.test('every path value, query value and body field says what it must be', async (t) => {
  const body = (op: Doc) => op.requestBody?.content['application/json'].schema.$ref.split('/').slice(3);
  for (const { route, op } of documented) {
    for (const parameter of op.parameters.filter((p: Doc) => !p.$ref)) {
      t.match(parameter.description, /^Must be \S.*\.$/, `${route} ${parameter.name}`);
    }
    if (!op.requestBody) continue;
    // The body component, followed through its $ref (a fault is schemas/control/fault_spec.json).
    let schema: Doc = body(op).reduce((node: Doc, key: string) => node[key], doc.components.schemas);
    if (schema.$ref) schema = doc.components.schemas[schema.$ref.split('/').at(-1)];
    for (const [field, property] of Object.entries(schema.properties as Doc)) {
      t.type((property as Doc).description, 'string', `${route} body ${field}`);
    }
    t.ok(Array.isArray(schema.examples) && schema.examples.length > 0, `${route}: an example body to send`);
  }
});

t.test('the documented routes are the ones the app serves', async (t) => {
  const app = await build(t);
  await app.ready();
  const missing = ROUTES.filter((route) => {
    const [method, path] = route.split(' ');
    return !app.hasRoute({ method: method as 'GET', url: path.replace(/\{(\w+)\}/g, ':$1') });
  });
  t.strictSame(missing, []);
});

t.test('real control answers validate against the documented schemas', async (t) => {
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const dereferenced = (await SwaggerParser.dereference(structuredClone(doc))) as Doc;
  const app = await build(t);
  const json = { 'content-type': 'application/json' };
  const steps: [string, string, unknown?][] = [
    ['GET', '/__billsim/health'],
    ['POST', '/__billsim/faults', { call: 'getInvoiceDetails', error: ['Database unavailable'], times: 1 }],
    ['GET', '/__billsim/faults'],
    ['GET', '/admin/api.php?call=getInvoiceDetails&id=1&api_id=billsim&api_key=billsim-secret'],
    ['GET', '/__billsim/requests'],
    ['GET', '/__billsim/coverage'],
    ['POST', '/__billsim/clock', { advanceSeconds: 86400 }],
    ['GET', '/__billsim/clock'],
    ['POST', '/__billsim/snapshots/before'],
    ['GET', '/__billsim/snapshots'],
    ['POST', '/__billsim/snapshots/before/restore'],
    ['POST', '/__billsim/snapshots/missing/restore'],
    ['DELETE', '/__billsim/snapshots/before'],
    ['GET', '/__billsim/sessions'],
    ['GET', '/__billsim/state/currencies'],
    ['GET', '/__billsim/state/invoices/1'],
    ['GET', '/__billsim/state/invoices/999999'],
    ['DELETE', '/__billsim/requests'],
    ['DELETE', '/__billsim/faults'],
    ['DELETE', '/__billsim/faults/1'],
    ['POST', '/__billsim/faults', { call: 'nope', status: 42 }],
    ['POST', '/__billsim/clock', { advanceDays: 0 }],
    ['GET', '/__billsim/emails?to=nobody@example.com'],
    ['DELETE', '/__billsim/emails'],
    ['GET', '/__billsim/automation?limit=5'],
    ['POST', '/__billsim/automation', { enabled: false }],
    ['GET', '/__billsim/state'],
    ['GET', '/__billsim/state/accounts?page=0&perpage=2'],
    ['GET', '/__billsim/state/nothing'],
    ['DELETE', '/__billsim/sessions/nobody'],
    ['POST', '/__billsim/reset'],
    ['POST', '/__billsim/reset?all=1'],
  ];
  for (const [method, url, body] of steps) {
    const response = await app.inject({ method: method as 'GET', url, ...(body ? { headers: json, payload: JSON.stringify(body) } : {}) });
    if (url.startsWith('/admin/')) continue;
    const path = Object.keys(dereferenced.paths).find((p) => new RegExp(`^${p.replace(/\{\w+\}/g, '[^/]+')}$`).test(url.split('?')[0]));
    const op = dereferenced.paths[path!][method.toLowerCase()];
    const answer = op.responses[response.statusCode];
    t.ok(answer, `${method} ${url}: status ${response.statusCode} is documented`);
    const check = ajv.compile(answer.content['application/json'].schema);
    t.ok(check(response.json()), `${method} ${url}: ${JSON.stringify(check.errors?.slice(0, 2) ?? [])} in ${response.body.slice(0, 200)}`);
  }
});
