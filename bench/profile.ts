// npx tsx bench/profile.ts [call] [GET|POST] [seconds] [--fixtures DIR]
// Runs one call under load against billsim started with node --cpu-prof, then
// prints the functions that take the most time: self (in the function
// itself) and total (with everything it calls). The .cpuprofile stays in
// bench/results/profiles/ for Chrome DevTools or speedscope.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, startBillsim } from './servers.js';
import { expectSuccess, load, request, type Call } from './measure.js';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const PARAMS: Record<string, Record<string, string>> = {
  getInvoiceDetails: { id: '1' },
  getTransactions: { page: '0' },
  getProducts: { id: '1' },
  getClientAccounts: { id: '1' },
  editEstimateDetails: { id: '1', subject: 'bench' },
  bulkAddProducts: { 'products[0][copyof]': '1', 'products[0][name]': 'bench' },
};

function where(node: Node): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url
    .replace(/^file:\/\//, '')
    .replace(`${ROOT}`, '')
    .replace(/.*node_modules\//, '~/');
  return `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
}

/** Self and total sample time per function (a function counted once per sample, however deep it recurses). */
export function summarize(profile: Profile, top = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    all += dt;
    const leaf = where(byId.get(id)!);
    self.set(leaf, (self.get(leaf) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = where(byId.get(at)!);
      if (!seen.has(name)) total.set(name, (total.get(name) ?? 0) + dt);
      seen.add(name);
    }
  });
  const list = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, t]) => `${((t / all) * 100).toFixed(1).padStart(5)}%  ${name}`)
      .join('\n');
  return `self time\n${list(self)}\n\ntotal time (with callees)\n${list(total)}\n`;
}

// Run as a script (bench/profile-start.ts imports summarize alone).
if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) await main();

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { fixtures: { type: 'string' } } });
  const [name = 'getCurrencies', method = 'GET', seconds = '10'] = positionals;
  const dir = path.join(ROOT, 'bench', 'results', 'profiles');
  fs.rmSync(dir, { recursive: true, force: true });
  const server = await startBillsim({ fixtures: values.fixtures, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
  const url = new URL(server.url);
  const call: Call = { name, params: PARAMS[name] ?? {}, mutates: false };
  const req = request(url.pathname, call, method as 'GET' | 'POST', 'profile');
  await expectSuccess(url.origin, req);
  const result = await load(url.origin, req, 10, Number(seconds));
  await server.stop();
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile in ${dir}`);
  process.stdout.write(`${name} ${method}: ${result.rps.toFixed(0)} req/s under the profiler; ${path.join(dir, file)}\n\n`);
  process.stdout.write(summarize(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile));
}
