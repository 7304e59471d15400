// Every limit the OpenAPI document gives for a control route's input (a number's
// minimum and maximum, a text's or a list's length, a list entry's length),
// against what the route does: the value at the limit is taken (no 400 about
// that field), the value just beyond it is refused with a 400 naming the field
// and the limit (the schema's description words the rule the keyword keeps).
// The document is built from the schemas the routes check with, so this holds
// the published limits to the ones enforced.
import t from 'tap';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { FastifyInstance } from 'fastify';
import { build } from '../helpers/app.js';
import { operations } from '../../src/operations/index.js';
import { buildOpenApi } from '../../src/http/openapi.js';
import { packageVersion } from '../../src/paths.js';

type Doc = any;
type Where = 'path' | 'query' | 'body';

const LIMITS = ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const;
type Limit = (typeof LIMITS)[number];

/** One limit of one input: where it is sent, the field, and the keyword (of the field, or of its list's entries). */
interface Case {
  method: string;
  path: string;
  op: Doc;
  where: Where;
  field: string;
  keyword: Limit;
  bound: number;
  entries: boolean;
}

/** A value `bound` allows (at) or just does not (beyond), of the kind the keyword limits. */
function valueAt(keyword: Limit, bound: number, entries: boolean, beyond: boolean): unknown {
  const step = keyword.startsWith('min') ? -1 : 1;
  const n = beyond ? bound + step : bound;
  if (entries) return ['x'.repeat(n)];
  if (keyword === 'minimum' || keyword === 'maximum') return n;
  if (keyword === 'minItems' || keyword === 'maxItems') return Array.from({ length: n }, () => 'x');
  return 'x'.repeat(n);
}

function limitsOf(schema: Doc): [Limit, number, boolean][] {
  const own = LIMITS.filter((k) => typeof schema?.[k] === 'number').map((k): [Limit, number, boolean] => [k, schema[k], false]);
  const items = LIMITS.filter((k) => typeof schema?.items?.[k] === 'number').map((k): [Limit, number, boolean] => [
    k,
    schema.items[k],
    true,
  ]);
  return [...own, ...items];
}

function cases(doc: Doc): Case[] {
  const out: Case[] = [];
  for (const [path, item] of Object.entries(doc.paths as Doc)) {
    if (!path.startsWith('/__billsim/')) continue;
    for (const [method, op] of Object.entries(item as Doc)) {
      const inputs: [Where, string, Doc][] = (op as Doc).parameters
        .filter((p: Doc) => p.in === 'path' || p.in === 'query')
        .map((p: Doc) => [p.in, p.name, p.schema]);
      const body = (op as Doc).requestBody?.content['application/json'].schema;
      for (const [field, schema] of Object.entries(body?.properties ?? {})) inputs.push(['body', field, schema]);
      for (const [where, field, schema] of inputs) {
        for (const [keyword, bound, entries] of limitsOf(schema)) {
          out.push({ method: method.toUpperCase(), path, op, where, field, keyword, bound, entries });
        }
      }
    }
  }
  return out;
}

let sessions = 0;

/** The route asked with its example values, and the field at `value`; each request in a session of its own. */
async function send(app: FastifyInstance, c: Case, value: unknown) {
  let url = c.path;
  const query = new URLSearchParams();
  for (const p of c.op.parameters.filter((p: Doc) => p.in === 'path')) {
    const v = p.name === c.field && c.where === 'path' ? value : p.example;
    url = url.replace(`{${p.name}}`, encodeURIComponent(String(v)));
  }
  if (c.where === 'query') query.set(c.field, String(value));
  const example = c.op.requestBody?.content['application/json'].example;
  const body = c.where === 'body' ? { ...example, [c.field]: value } : example;
  const response = await app.inject({
    method: c.method as 'GET',
    url: `${url}${query.size > 0 ? `?${query}` : ''}`,
    headers: { 'x-billsim-session': `limits-${++sessions}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: response.statusCode, error: String(response.json().error ?? '') };
}

t.test('each documented limit of a control input is the one the route keeps', async (t) => {
  const doc = (await SwaggerParser.dereference(structuredClone(buildOpenApi(Object.keys(operations), packageVersion()) as Doc))) as Doc;
  const all = cases(doc);
  // The inputs with limits, so that a limit dropped from the document shows here too.
  t.strictSame([...new Set(all.map((c) => `${c.method} ${c.path} ${c.field}`))].sort(), [
    'DELETE /__billsim/faults/{id} id',
    'DELETE /__billsim/snapshots/{name} name',
    'DELETE /__billsim/stubs/{id} id',
    'DELETE /__billsim/webhooks/{id} id',
    'GET /__billsim/automation limit',
    'GET /__billsim/requests limit',
    'GET /__billsim/state/{collection} page',
    'GET /__billsim/state/{collection} perpage',
    'GET /__billsim/stubs after',
    'GET /__billsim/stubs limit',
    'GET /__billsim/webhooks/deliveries limit',
    'GET /__billsim/webhooks/deliveries wait',
    'POST /__billsim/clock advanceDays',
    'POST /__billsim/faults delayMs',
    'POST /__billsim/faults error',
    'POST /__billsim/faults status',
    'POST /__billsim/faults times',
    'POST /__billsim/snapshots/{name} name',
    'POST /__billsim/snapshots/{name}/restore name',
    'POST /__billsim/stubs delayMs',
    'POST /__billsim/stubs error',
    'POST /__billsim/stubs status',
    'POST /__billsim/stubs times',
    'POST /__billsim/webhooks secret',
    'POST /__billsim/webhooks/deliveries/{id}/redeliver id',
  ]);
  // A clock moved a century on would run as many daily runs: what is tested here is the input.
  const app = await build(t, { automation: false });
  const names = (field: string, bound = '') => new RegExp(`(^|; )${field} must be [^;]*${bound}`);
  for (const c of all) {
    const what = `${c.method} ${c.path} ${c.field}${c.entries ? ' entries' : ''} ${c.keyword} ${c.bound}`;
    const at = await send(app, c, valueAt(c.keyword, c.bound, c.entries, false));
    t.notOk(at.status === 400 && names(c.field).test(at.error), `${what}: taken at the limit (${at.status} ${at.error})`);
    const beyond = await send(app, c, valueAt(c.keyword, c.bound, c.entries, true));
    t.equal(beyond.status, 400, `${what}: refused beyond it`);
    t.match(beyond.error, names(c.field, `\\b${c.bound}\\b`), `${what}: naming the field and the limit`);
  }
});
