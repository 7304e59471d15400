import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli, startCli } from '../helpers/process.js';

const AUTH = 'api_id=billsim&api_key=billsim-secret';
const tmpFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-data-')), 'state.json');

async function get(url: string, query: string): Promise<Record<string, any>> {
  return (await (await fetch(`${url}?${query}&${AUTH}`)).json()) as Record<string, any>;
}

t.test('state survives a restart of the process', async (t) => {
  const file = tmpFile();
  const first = await startCli(['--data', file, '--log-level', 'silent']);
  t.ok(fs.existsSync(file), 'a new data file is written at start');
  const added = await get(first.url, 'call=bulkAddProducts&products[0][copyof]=1&products[0][name]=Persisted%20plan');
  t.equal(added.success, true);
  const id = added.new_products[0] as string;
  const logged = fs
    .readFileSync(`${file}.log`, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  t.equal(logged.length, 1, 'the mutation is one line of the log');
  t.match(logged[0], { seq: 2, changes: [{ collection: 'products', put: { id, name: 'Persisted plan' } }] }, 'naming the record it stored');
  t.equal(await first.stop(), 0);

  const second = await startCli(['--data', file, '--log-level', 'silent']);
  t.teardown(() => second.stop());
  const details = await get(second.url, `call=getProductDetails&id=${id}`);
  t.equal(details.product.name, 'Persisted plan', 'the copy is still there after the restart');
  const other = (await (
    await fetch(`${second.url}?call=getProductDetails&id=${id}&${AUTH}`, { headers: { 'x-billsim-session': 'fresh' } })
  ).json()) as Record<string, any>;
  t.strictSame(other.error, [`Product ${id} not found`], 'other sessions start from the seed, not the file');
  await fetch(`${second.origin}/__billsim/reset`, { method: 'POST', headers: { 'x-billsim-control': '1' } });
  t.strictSame((await get(second.url, `call=getProductDetails&id=${id}`)).error, [`Product ${id} not found`], 'reset resets the file too');
  const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { billsim: { seq: number }; products: { id: string }[] };
  t.notOk(saved.products.some((p) => p.id === id));
  t.match(saved.billsim, { format: 'snapshot+log', log: 'state.json.log' }, 'the snapshot names its log');
  t.equal(fs.readFileSync(`${file}.log`, 'utf8'), '', 'a reset writes a snapshot and empties the log');
});

t.test('a corrupt or invalid data file stops the start and is left untouched', async (t) => {
  const file = tmpFile();
  fs.writeFileSync(file, '{"clients": [');
  const broken = runCli(['--data', file]);
  t.equal(broken.status, 2);
  t.match(broken.stderr, `data file ${file} is not valid JSON`);
  t.equal(fs.readFileSync(file, 'utf8'), '{"clients": [', 'not overwritten');

  fs.writeFileSync(file, JSON.stringify({ news: [{ id: '1', title: 5 }] }));
  const invalid = runCli(['--data', file]);
  t.equal(invalid.status, 2);
  t.match(invalid.stderr, /data file is invalid: [\s\S]*news\.json: record 1 \(id 1\): field/);
  t.equal(fs.readFileSync(file, 'utf8'), JSON.stringify({ news: [{ id: '1', title: 5 }] }), 'not overwritten');

  fs.writeFileSync(file, '[1,2]');
  t.match(runCli(['--data', file]).stderr, 'must hold an object of collections');
});
