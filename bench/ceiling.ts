// The ceiling: a bare Fastify server on the same path, answering a constant
// small JSON object. Same framework and body parser as billsim, none of its work.
import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import { parseArgs } from 'node:util';

const app = Fastify({ logger: false });
await app.register(formbody);
const answer = { success: true, call: 'getCurrencies', server_time: 0 };
// --spin-us N burns N microseconds of CPU per request: shows how much any
// per-request work costs against this ceiling (see bench/README.md).
const { values } = parseArgs({ options: { 'spin-us': { type: 'string' } } });
const spinMs = Number(values['spin-us'] ?? 0) / 1000;
app.route({
  method: ['GET', 'POST'],
  url: '/admin/api.php',
  handler: async () => {
    const until = performance.now() + spinMs;
    while (spinMs > 0 && performance.now() < until);
    return answer;
  },
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`ceiling listening on ${address}/admin/api.php\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
