// One server per --data file, with real processes: a second server on a held
// file is refused at start and the first keeps serving; a clean stop releases
// the lock; a SIGKILLed holder's lock is taken over with its state intact.
import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli, startCli } from '../helpers/process.js';

const AUTH = 'api_id=billsim&api_key=billsim-secret';
const ADD = 'call=bulkAddProducts&products[0][copyof]=1&products[0][name]=Locked%20plan';

async function get(url: string, query: string): Promise<Record<string, any>> {
  return (await (await fetch(`${url}?${query}&${AUTH}`)).json()) as Record<string, any>;
}

t.test('a second server on a held data file is refused, naming the holder', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-lock-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'state.json');
  const first = await startCli(['--data', file, '--log-level', 'silent']);
  t.teardown(() => first.stop());
  const before = fs.readFileSync(file, 'utf8');

  const second = runCli(['--port', '0', '--data', file, '--log-level', 'silent']);
  t.equal(second.status, 2, 'exits non-zero');
  t.equal(second.stdout, '');
  t.match(
    second.stderr,
    new RegExp(
      `^billsim: data file ${file.replace(/[.\\/]/g, '\\$&')} is in use by another billsim server \\(pid ${first.proc.pid}, since .*\\): stop that server or start this one with another --data file`,
    ),
  );
  t.equal(fs.readFileSync(file, 'utf8'), before, 'the data file untouched');

  const added = await get(first.url, ADD);
  t.equal(added.success, true, 'the first keeps serving writes');
  t.equal(await first.stop(), 0);
  t.notOk(fs.existsSync(`${file}.lock`), 'a clean stop releases the lock');

  const third = await startCli(['--data', file, '--log-level', 'silent']);
  t.teardown(() => third.stop());
  t.equal((await get(third.url, `call=getProductDetails&id=${added.new_products[0]}`)).product.name, 'Locked plan');
});

t.test("a SIGKILLed server's lock is taken over, and its acknowledged writes are there", async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-lock-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'state.json');
  const killed = await startCli(['--data', file, '--log-level', 'silent']);
  const added = await get(killed.url, ADD);
  t.equal(added.success, true);
  await killed.stop('SIGKILL');
  t.equal(JSON.parse(fs.readFileSync(`${file}.lock`, 'utf8')).pid, killed.proc.pid, 'the lock is left behind');

  const next = await startCli(['--data', file, '--log-level', 'silent']);
  t.teardown(() => next.stop());
  t.equal(JSON.parse(fs.readFileSync(`${file}.lock`, 'utf8')).pid, next.proc.pid, 'taken over');
  t.equal((await get(next.url, `call=getProductDetails&id=${added.new_products[0]}`)).product.name, 'Locked plan');
  t.equal(runCli(['--port', '0', '--data', file]).status, 2, 'and held again');
});
