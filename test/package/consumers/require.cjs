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
