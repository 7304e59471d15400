// A thousand sessions reading large answers stay within --memory-budget, and
// the server keeps answering: kept answers and journal texts make room, the
// sessions themselves are kept.
import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { startCli } from '../helpers/process.js';
import { CREDENTIALS } from '../helpers/app.js';

const SESSIONS = 1000;
const READS = 8;
const BUDGET_MIB = 32;

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

t.test('1,000 sessions of large reads stay under the memory budget with the server answering', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-budget-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const fixtures = path.join(dir, 'world');
  const generated = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/generate-fixtures.ts', '--invoices', '2000', '--out', fixtures],
    { encoding: 'utf8' },
  );
  t.equal(generated.status, 0, `the world is generated ${generated.stderr}`);
  const server = await startCli(['--fixtures', fixtures, '--memory-budget', `${BUDGET_MIB}M`, '--log-level', 'silent']);
  t.teardown(() => server.stop());

  let largest = 0;
  const read = async (session: number, page: number) => {
    const query = new URLSearchParams({ ...CREDENTIALS, call: 'getInvoices', page: String(page), perpage: '100' });
    const response = await fetch(`${server.url}?${query}`, { headers: { 'x-billsim-session': `s${session}` } });
    const text = await response.text();
    largest = Math.max(largest, text.length);
    if (!(JSON.parse(text) as { success: boolean }).success) throw new Error(text);
  };
  // 16 clients at once, each taking the next session in turn: every session reads READS pages.
  let next = 0;
  const client = async () => {
    while (next < SESSIONS) {
      const session = next++;
      for (let page = 0; page < READS; page++) await read(session, page);
    }
  };
  await Promise.all(Array.from({ length: 16 }, client));
  t.ok(largest > 16_384, `answers of ${largest} characters, beyond the journal's cut`);

  const health = (await (await fetch(`${server.origin}/__billsim/health`)).json()) as {
    sessions: number;
    evicted: number;
    memory: { budget: number; used: number; dropped: { answers: number; journalAnswers: number } };
  };
  t.equal(health.sessions, SESSIONS, 'every session is kept');
  t.equal(health.evicted, 0);
  t.equal(health.memory.budget, BUDGET_MIB * 2 ** 20);
  t.ok(health.memory.used <= health.memory.budget, `${health.memory.used} bytes used of ${health.memory.budget}`);
  t.ok(health.memory.dropped.answers > 0 && health.memory.dropped.journalAnswers > 0, 'the oldest answers made room');
  const rss = rssMiB(server.proc.pid!);
  // 422 MiB (2026-11-28) once sessions stopped holding an AsyncLocalStorage each (524-530 MiB beside the
  // other slow tests before): the bound is the budget's point, not a figure to creep up to.
  t.ok(rss < 512, `RSS ${Math.round(rss)} MiB`);
  // The newest session's journal still has its answers.
  const journal = await fetch(`${server.origin}/__billsim/requests?limit=1`, { headers: { 'x-billsim-session': `s${SESSIONS - 1}` } });
  const [entry] = ((await journal.json()) as { requests: { answer: string }[] }).requests;
  t.match(entry.answer, /^\{"success":true/);
});
