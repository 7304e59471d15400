// Resets and snapshot restores interleaved with many concurrent mutations of
// the default session kept in a real data file: afterwards memory (read
// through the API) and the file (re-read from disk) hold the same state, and
// every mutation acknowledged after the last reset or restore answered is in
// both. A reset that touched the state outside the save queue lost or split
// such writes.
import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { api, build } from '../helpers/app.js';
import { COLLECTION_NAMES } from '../../src/store/fixtures.js';
import { readDataFile } from '../../src/store/persistence.js';

const MUTATIONS = 200;
// Ten resets and restores and two snapshot saves, the last a reset.
const CONTROLS = [
  '/reset',
  '/snapshots/base/restore',
  '/snapshots/mid',
  '/reset',
  '/snapshots/mid/restore',
  '/reset',
  '/snapshots/base/restore',
  '/snapshots/mid',
  '/snapshots/mid/restore',
  '/reset',
  '/snapshots/base/restore',
  '/reset',
];
const CONTROL_EVERY = 16; // one control request in every 16 mutations, the last one 16 before the end
const WORKERS = 8;

type Op = { kind: 'mutation'; name: string } | { kind: 'control'; url: string };
interface Done {
  op: Op;
  ok: boolean;
  /** Order in which answers came back. */
  answered: number;
}

function plan(): Op[] {
  const ops: Op[] = [];
  for (let i = 0; i < MUTATIONS; i++) {
    ops.push({ kind: 'mutation', name: `load-${i}` });
    const k = (i + 1 - CONTROL_EVERY / 2) / CONTROL_EVERY;
    if (Number.isInteger(k) && k >= 0 && k < CONTROLS.length) ops.push({ kind: 'control', url: CONTROLS[k] });
  }
  return ops;
}

async function run(app: FastifyInstance, op: Op): Promise<boolean> {
  if (op.kind === 'control') {
    const response = await app.inject({ method: 'POST', url: `/__billsim${op.url}`, headers: { 'x-billsim-control': '1' } });
    return response.statusCode === 200;
  }
  const body = await api(app, 'bulkAddProducts', { 'products[0][copyof]': '1', 'products[0][name]': op.name });
  return body.success === true;
}

/** Runs the plan with WORKERS requests in flight at once, in plan order. */
async function runAll(app: FastifyInstance, ops: Op[]): Promise<Done[]> {
  const done: Done[] = [];
  let next = 0;
  const worker = async () => {
    while (next < ops.length) {
      const op = ops[next++];
      const ok = await run(app, op);
      done.push({ op, ok, answered: done.length });
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  return done;
}

const loadNames = (rows: readonly { name: string }[]) =>
  rows
    .map((p) => p.name)
    .filter((n) => n.startsWith('load-'))
    .sort();

t.test('resets and restores under concurrent writes keep memory and the data file equal, and lose no acknowledged write', async (t) => {
  const dataFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-reset-load-')), 'state.json');
  const app = await build(t, { dataFile });
  t.equal((await app.inject({ method: 'POST', url: '/__billsim/snapshots/base', headers: { 'x-billsim-control': '1' } })).statusCode, 200);
  const done = await runAll(app, plan());

  t.strictSame(
    done.filter((d) => !d.ok).map((d) => d.op),
    [],
    'every request succeeded',
  );
  const memory: Record<string, unknown> = {};
  // Read in-process: the state routes mask API keys, the file keeps them.
  const { world } = app.billsim.sessions.get('default');
  for (const name of COLLECTION_NAMES) memory[name] = JSON.parse(JSON.stringify(world.all(name)));
  await app.close(); // so no compaction is still replacing the files while they are read
  const file = readDataFile(dataFile, app.billsim.sessions.seed.data)!.data as unknown as Record<string, unknown>;
  for (const name of COLLECTION_NAMES) t.strictSame(file[name], memory[name], `${name}: the file holds what memory holds`);

  const lastReplace = Math.max(...done.filter((d) => d.op.kind === 'control' && !d.op.url.endsWith('/mid')).map((d) => d.answered));
  const mustHave = done
    .filter((d) => d.op.kind === 'mutation' && d.answered > lastReplace)
    .map((d) => (d.op as { name: string }).name)
    .sort();
  const inMemory = new Set(loadNames(memory.products as { name: string }[]));
  const inFile = new Set(loadNames(file.products as { name: string }[]));
  t.ok(mustHave.length > 0, 'some writes were acknowledged after the last reset or restore');
  t.strictSame(
    mustHave.filter((n) => !inMemory.has(n)),
    [],
    'every write acknowledged after the last reset or restore is in memory',
  );
  t.strictSame(
    mustHave.filter((n) => !inFile.has(n)),
    [],
    'and in the data file',
  );
  const acknowledged = new Set(done.filter((d) => d.op.kind === 'mutation' && d.ok).map((d) => (d.op as { name: string }).name));
  t.strictSame(
    [...inMemory].filter((n) => !acknowledged.has(n)),
    [],
    'nothing stored that was not acknowledged',
  );
});
