// The ceiling: a bare Fastify server on the same path, answering a constant
// small JSON object. Same framework and body parser as billsim, none of its work.
// With --answers FILE (a JSON object of answers by call name) it answers each
// call with that constant instead: billsim's own answer, recorded once, so the
// bytes on the wire are the same and only billsim's work differs.
import fs from 'node:fs';
import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import { parseArgs } from 'node:util';

const app = Fastify({ logger: false });
await app.register(formbody);
const answer = { success: true, call: 'getCurrencies', server_time: 0 };
// --spin-us N burns N microseconds of CPU per request: shows how much any
// per-request work costs against this ceiling (see bench/README.md).
const { values } = parseArgs({ options: { 'spin-us': { type: 'string' }, answers: { type: 'string' } } });
const answers: Record<string, object> | undefined = values.answers ? JSON.parse(fs.readFileSync(values.answers, 'utf8')) : undefined;
const spinMs = Number(values['spin-us'] ?? 0) / 1000;
app.route({
  method: ['GET', 'POST'],
  url: '/admin/api.php',
  handler: async (request) => {
    const until = performance.now() + spinMs;
    while (spinMs > 0 && performance.now() < until);
    if (!answers) return answer;
    const params = (request.method === 'GET' ? request.query : request.body) as { call?: string };
    return answers[params.call ?? ''] ?? answer;
  },
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`ceiling listening on ${address}/admin/api.php\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
