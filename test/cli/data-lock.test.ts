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

t.test('a symlink or a hard link to a held data file starts no second server', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-lock-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'state.json');
  const link = path.join(dir, 'link.json');
  fs.symlinkSync(file, link);
  // Started through the link: the real file holds the state and the lock, the link stays a link.
  const first = await startCli(['--data', link, '--log-level', 'silent']);
  t.teardown(() => first.stop());
  t.ok(fs.lstatSync(link).isSymbolicLink());
  t.equal(JSON.parse(fs.readFileSync(`${file}.lock`, 'utf8')).pid, first.proc.pid, 'the lock beside the real file');

  const viaFile = runCli(['--port', '0', '--data', file, '--log-level', 'silent']);
  t.equal(viaFile.status, 2);
  t.match(viaFile.stderr, `is in use by another billsim server (pid ${first.proc.pid}`);

  const other = path.join(dir, 'other-name.json');
  fs.linkSync(file, other);
  const viaHardLink = runCli(['--port', '0', '--data', other, '--log-level', 'silent']);
  t.equal(viaHardLink.status, 2);
  t.match(viaHardLink.stderr, `billsim: data file ${other} has 2 names (hard links)`);
  t.equal((await get(first.url, ADD)).success, true, 'the first keeps serving writes');
});
