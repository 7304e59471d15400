// A CommonJS consumer, run by node against the built package (test/package/cjs.test.ts).
const assert = require('node:assert/strict');
const billsim = require('billsim');

(async () => {
  const sim = await billsim.createSimulator({ now: new Date('2026-11-20T12:00:00Z') });
  try {
    const url = await sim.listen();
    const answer = await fetch(`${url}?call=getCurrencies&api_id=billsim&api_key=billsim-secret`);
    const body = await answer.json();
    assert.equal(body.success, true);
    const stub = await sim.session('cjs').stub({ call: 'getClientStats', answer: { echo: '{{params.id}}' } });
    const stubbed = await fetch(`${url}?call=getClientStats&id=7&api_id=billsim&api_key=billsim-secret`, {
      headers: { 'x-billsim-session': 'cjs' },
    });
    assert.deepEqual((await stubbed.json()).echo, '7');
    assert.equal(stub.id, '1');
    const { messages } = await billsim.load();
    const app = await billsim.buildApp();
    await app.close();
    process.stdout.write(
      `${JSON.stringify({ exports: Object.keys(billsim).sort(), main: body.main, notFound: messages.notFound('Invoice', '9') })}\n`,
    );
  } finally {
    await sim.close();
  }
})().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
});
