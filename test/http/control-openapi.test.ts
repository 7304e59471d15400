// The /__billsim control routes as the OpenAPI document describes them, checked
// against what the app serves and answers.
import t from 'tap';
import SwaggerParser from '@apidevtools/swagger-parser';
import { build } from '../helpers/app.js';
import { operations } from '../../src/operations/index.js';
import { buildOpenApi } from '../../src/http/openapi.js';
import { packageVersion } from '../../src/paths.js';

type Doc = any;

const doc: Doc = buildOpenApi(Object.keys(operations), packageVersion());
const ROUTES = [
  'GET /__billsim/health',
  'POST /__billsim/reset',
  'GET /__billsim/sessions',
  'DELETE /__billsim/sessions/{name}',
  'GET /__billsim/snapshots',
  'POST /__billsim/snapshots/{name}',
  'DELETE /__billsim/snapshots/{name}',
  'POST /__billsim/snapshots/{name}/restore',
  'GET /__billsim/requests',
  'DELETE /__billsim/requests',
  'GET /__billsim/emails',
  'DELETE /__billsim/emails',
  'GET /__billsim/coverage',
  'POST /__billsim/faults',
  'GET /__billsim/faults',
  'DELETE /__billsim/faults',
  'DELETE /__billsim/faults/{id}',
  'GET /__billsim/clock',
  'POST /__billsim/clock',
  'GET /__billsim/automation',
  'POST /__billsim/automation',
  'GET /__billsim/state',
  'GET /__billsim/state/{collection}',
  'GET /__billsim/state/{collection}/{id}',
];

const documented = Object.entries(doc.paths)
  .filter(([path]) => path.startsWith('/__billsim/'))
  .flatMap(([path, item]) =>
    Object.entries(item as Doc).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op: op as Doc })),
  );

t.test('every control route is documented under its own tag, with its answers', async (t) => {
  t.strictSame(documented.map((d) => d.route).sort(), [...ROUTES].sort());
  t.match(doc.tags.at(-1), { name: 'Test control', description: /405/ });
  for (const { route, op } of documented) {
    t.strictSame(op.tags, ['Test control'], route);
    const statuses = Object.keys(op.responses);
    t.ok(
      statuses.some((s) => s.startsWith('2')),
      `${route}: a success answer`,
    );
    for (const status of statuses) t.ok(op.responses[status].content['application/json'].schema, `${route} ${status}: a schema`);
    const open = route === 'GET /__billsim/health';
    t.strictSame(op.security, open ? [] : [{}, { controlToken: [] }], `${route}: the token only when the server has one`);
    t.equal('401' in op.responses, !open, `${route}: 401 when guarded`);
  }
  const clock = doc.paths['/__billsim/clock'].post.requestBody.content['application/json'];
  t.strictSame(Object.keys(doc.components.schemas.control_ClockChange.properties), ['now', 'advanceSeconds', 'advanceDays', 'frozen']);
  t.strictSame(clock.example, { advanceDays: 30 });
  t.match(doc.paths['/__billsim/faults'].post, { responses: { 201: {}, 400: {}, 409: {}, 415: {} } });
});

t.test('the documented routes are the ones the app serves', async (t) => {
  const app = await build(t);
  await app.ready();
  const missing = ROUTES.filter((route) => {
    const [method, path] = route.split(' ');
    return !app.hasRoute({ method: method as 'GET', url: path.replace(/\{(\w+)\}/g, ':$1') });
  });
  // GET /__billsim/state (the list of collections) comes with the control routes' rework.
  t.strictSame(
    missing.filter((route) => route !== 'GET /__billsim/state'),
    [],
  );
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
    ['POST', '/__billsim/reset'],
  ];
  for (const [method, url, body] of steps) {
    const response = await app.inject({ method: method as 'GET', url, ...(body ? { headers: json, payload: JSON.stringify(body) } : {}) });
    if (url.startsWith('/admin/')) continue;
    const path = Object.keys(dereferenced.paths).find((p) => new RegExp(`^${p.replace(/\{\w+\}/g, '[^/]+')}$`).test(url));
    const op = dereferenced.paths[path!][method.toLowerCase()];
    const answer = op.responses[response.statusCode];
    t.ok(answer, `${method} ${url}: status ${response.statusCode} is documented`);
    const check = ajv.compile(answer.content['application/json'].schema);
    t.ok(check(response.json()), `${method} ${url}: ${JSON.stringify(check.errors?.slice(0, 2) ?? [])} in ${response.body.slice(0, 200)}`);
  }
});
