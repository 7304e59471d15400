// A world written by hand or pasted from answers: what the loader makes fit (with a
// warning each), and every problem it refuses, all in one start, each with its place.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import type { Test } from 'tap';
import { buildApp } from '../../src/app.js';
import { checkWorld, FixtureError, loadFixtures, readWorld } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import { hashPassword, saltFor, verifyPassword } from '../../src/domain/password.js';
import { hashNow } from '../../src/lib/password-hash.js';
import { recordedExamples } from '../../src/examples.js';
import { api, build, FROZEN_NOW } from '../helpers/app.js';

type Row = Record<string, unknown>;
const bundled = (name: string) => JSON.parse(fs.readFileSync(path.join(defaultFixturesDir, `${name}.json`), 'utf8')) as Row[];

/** A copy of the bundled world with some files replaced: rows are written two-space indented, text as given. */
function worldDir(t: Test, files: Record<string, Row[] | string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-world-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.cpSync(defaultFixturesDir, dir, { recursive: true });
  for (const [name, content] of Object.entries(files))
    fs.writeFileSync(path.join(dir, `${name}.json`), typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  return dir;
}

/** The 1-based line and column where `needle` first appears in a file, after the `after` text. */
function placeOf(file: string, needle: string, after = ''): string {
  const text = fs.readFileSync(file, 'utf8');
  const offset = text.indexOf(needle, after ? text.indexOf(after) : 0);
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

/** Where the record holding `idText` starts (its opening brace). */
function recordStart(file: string, idText: string): string {
  const text = fs.readFileSync(file, 'utf8');
  const before = text.slice(0, text.lastIndexOf('{', text.indexOf(idText))).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

function lastPlaceOf(file: string, needle: string): string {
  const before = fs.readFileSync(file, 'utf8').slice(0, fs.readFileSync(file, 'utf8').lastIndexOf(needle)).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

function problemsOf(load: () => unknown): string[] {
  try {
    load();
  } catch (error) {
    if (error instanceof FixtureError) return error.problems;
    throw error;
  }
  return [];
}

t.test("a client pasted from billsim's getClientDetails answer loads, its contacts left out and no password set", async (t) => {
  const pasted: Row = { ...(recordedExamples().getClientDetails.answer.client as Row), id: '12', email: 'pasted@example.com' };
  const dir = worldDir(t, { clients: [...bundled('clients'), pasted] });
  const file = path.join(dir, 'clients.json');
  const app = await build(t, { fixturesDir: dir, now: FROZEN_NOW });
  t.strictSame(app.billsim.warnings, [
    `${file}:${placeOf(file, '"contacts"', '"pasted@')}: record 12 (id 12): field contacts is left out: answers compute it (getClientDetails), the world does not store it`,
    `${file}:${recordStart(file, '"id": "12"')}: record 12 (id 12): field password is missing (answers leave it out); set to "" (no password: no login works until one is set)`,
  ]);
  const { contacts, ...stored } = pasted;
  void contacts;
  const answer = await api(app, 'getClientDetails', { id: '12' });
  t.strictSame(answer.client, { ...stored, contacts: [] }, 'answered as pasted (no contact of its own here)');
  const login = await api(app, 'verifyClientLogin', { email: 'pasted@example.com', password: 'anything' });
  t.equal(login.success, false, 'no login works without a password');
});

// The vendor's published sample (workflow-calls.md, getClientDetails), as a user would paste it.
const VENDOR_CLIENT: Row = {
  id: '12',
  email: 'john.doe@example.com',
  password: '474bf122c92de249ace867a003cb7196',
  lastlogin: '2011-11-25 04:32:40',
  ip: '213.54.21.3',
  host: 'cmt-random.uk',
  status: 'Active',
  parent_id: '0',
  firstname: 'John',
  lastname: 'Doe',
  companyname: '',
  address1: 'Address 54',
  address2: '',
  city: 'Soullans',
  state: 'Birmingham',
  postcode: 'B33 8TH',
  country: 'GB',
  phonenumber: '357755733',
  datecreated: '2011-09-24',
  notes: '',
  language: 'english',
  company: '0',
  credit: '0.00',
  taxexempt: '0',
  latefeeoveride: '0',
  cardtype: 'Visa',
  cardnum: null,
  expdate: null,
  overideduenotices: '0',
  client_id: '12',
  currency_id: '0',
  countryname: 'United Kingdom',
};

t.test("the vendor's published getClientDetails client loads: its password text is hashed as addClient would", async (t) => {
  const dir = worldDir(t, { clients: [...bundled('clients'), VENDOR_CLIENT] });
  const world = readWorld(dir);
  t.strictSame(world.problems, []);
  const said = world.warnings.map((line) => line.replace(/^.*record 12 \(id 12\): /, ''));
  t.strictSame(said, [
    'field cardtype is left out: answers compute it (getClientContact), the world does not store it',
    'field expdate is left out: answers compute it (getClientContact), the world does not store it',
    "field countryname is left out: answers compute it (the vendor's sample), the world does not store it",
    'field privileges is missing (answers leave it out); set to null for a main client, [] for a contact',
    'field howdidyou is missing (answers leave it out); set to ""',
    'field cardnum is null (answers leave it out); set to "" (no card on file)',
    'field password is plain text; it was hashed at load, so logins take that text (store `npm run password -- TEXT` to keep the hash in the file)',
  ]);
  const client = world.data.clients.find((c) => c.id === '12')!;
  t.equal(
    client.password,
    hashPassword(VENDOR_CLIENT.password as string, saltFor('12', 'john.doe@example.com')),
    'the salt rule of addClient',
  );
  const app = await build(t, { fixturesDir: dir, now: FROZEN_NOW });
  const login = await api(app, 'verifyClientLogin', { email: 'john.doe@example.com', password: VENDOR_CLIENT.password as string });
  t.equal(login.success, true, 'the text logs in');
  t.equal(app.billsim.warnings.length, 7, 'buildApp returns the warnings');
});

t.test('a hash from `npm run password` (its function) is kept as it is and logs in', async (t) => {
  const password = hashNow('S3cret!');
  t.ok(verifyPassword('S3cret!', password));
  t.equal(
    hashNow('S3cret!', saltFor('12', 'a@b.co')),
    hashPassword('S3cret!', saltFor('12', 'a@b.co')),
    'with --id and --email, what addClient stores',
  );
  const dir = worldDir(t, {
    clients: [...bundled('clients'), { ...bundled('clients')[0], id: '12', email: 'kept@example.com', password }],
  });
  const world = readWorld(dir);
  t.strictSame([world.problems, world.warnings], [[], []]);
  t.equal(world.data.clients[11].password, password);
});

t.test('each problem names its file, line and column, the record (from 1) and its id', async (t) => {
  const clients = bundled('clients');
  const invoices = bundled('invoices');
  const { email, ...noEmail } = clients[1];
  void email;
  const dir = worldDir(t, {
    clients: [clients[0], noEmail, { ...clients[2], credit: 12.3, colour: 'blue' }, ...clients.slice(3), { ...clients[3] }],
    invoices: invoices.map((row, n) => (n === 2 ? { ...row, client_id: '999' } : row)),
    news: '[\n  {"id": "1",\n   "title": "x",}\n]\n',
  });
  const at = (name: string) => path.join(dir, `${name}.json`);
  const problems = problemsOf(() => loadFixtures(dir));
  const line = (name: string, needle: string, after = '') => `${at(name)}:${placeOf(at(name), needle, after)}`;
  const thirdInvoice = `"id": "${invoices[2].id as string}"`;
  t.strictSame(problems, [
    `${at('news')}:3:17: not valid JSON: Expected double-quoted property name`,
    `${at('clients')}:${recordStart(at('clients'), `"id": "${clients[1].id as string}"`)}: record 2 (id 2): field email is missing`,
    `${line('clients', '"colour"')}: record 3 (id 3): field colour is not a known field`,
    `${line('clients', '"credit"', '"id": "3"')}: record 3 (id 3): field credit must be a money amount with two decimals, such as "12.30"`,
    `${at('clients')}:${lastPlaceOf(at('clients'), '"id": "4"')}: record 12 (id 4): id 4 appears more than once (first in record 4)`,
    `${line('invoices', '"client_id"', thirdInvoice)}: record 3 (id ${invoices[2].id as string}): client_id 999 names no client in clients.json`,
  ]);
});

t.test('a start reports every problem of the world at once, the data option as a fixtures folder', async (t) => {
  const data = loadFixtures(defaultFixturesDir);
  const invoices = data.invoices.map((row, n) =>
    n === 2 ? { ...row, client_id: '999' } : n === 4 ? { ...row, payment_module: '77' } : row,
  );
  const world = checkWorld({ ...data, invoices }, '(data option)');
  t.strictSame(world.problems, [
    `(data option) invoices: record 3 (id ${invoices[2].id}): client_id 999 names no client in clients.json`,
    `(data option) invoices: record 5 (id ${invoices[4].id}): payment_module 77 names no gateway in gateways.json`,
  ]);
  await t.rejects(buildApp({ data: { ...data, invoices } }), {
    message: `the world of the data option has 2 problems:\n  ${world.problems.join('\n  ')}`,
  });
});
