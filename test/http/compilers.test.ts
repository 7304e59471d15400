// billsim's routes declare no Fastify schemas, so Fastify's own compilers are
// loaded only on demand (start-up time). A route that does declare one must
// still be validated and serialized as Fastify always does.
import t from 'tap';
import { FROZEN_NOW } from '../helpers/app.js';
import { buildApp } from '../../src/app.js';

t.test('a route with Fastify schemas still validates its input and serializes its answer', async (t) => {
  // Not the helper's build(): that one boots the app, after which no route can be added.
  const app = await buildApp({ now: FROZEN_NOW });
  t.teardown(() => app.close());
  app.get(
    '/extra',
    {
      schema: {
        querystring: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
        response: { 200: { type: 'object', properties: { double: { type: 'integer' } } } },
      },
    },
    async (request) => ({ double: (request.query as { n: number }).n * 2, hidden: 'not in the response schema' }),
  );
  const ok = await app.inject({ url: '/extra?n=21' });
  t.equal(ok.statusCode, 200);
  t.strictSame(ok.json(), { double: 42 }, 'serialized through the response schema');
  const bad = await app.inject({ url: '/extra?n=x' });
  t.equal(bad.statusCode, 400, 'the querystring schema refuses a non-integer');
});
