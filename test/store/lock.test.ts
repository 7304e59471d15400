// The data file's lock: one holder at a time, named when refused; a holder
// that is gone (a killed server) or a lock file naming nobody is taken over;
// releasing removes only a lock that is still this process's.
import t, { type Test } from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { LockHeld, lockDataFile, lockFileOf, realFileOf } from '../../src/store/lock.js';
import { openDataFile } from '../../src/store/persistence.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';

function dataFile(t: Test): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-lock-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'state.json');
}

/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;
const holderIn = (file: string) => JSON.parse(fs.readFileSync(lockFileOf(file), 'utf8')) as Record<string, unknown>;
const writeHolder = (file: string, holder: object | string) =>
  fs.writeFileSync(lockFileOf(file), typeof holder === 'string' ? holder : JSON.stringify(holder));
/** The files beside the data file (no temporary or guard file left behind). */
const beside = (file: string) => fs.readdirSync(path.dirname(file)).sort();

t.test('one holder at a time: a second taker is refused with the holder pid and what to do', async (t) => {
  const file = dataFile(t);
  const lock = lockDataFile(file);
  t.match(holderIn(file), { pid: process.pid, hostname: os.hostname(), since: /^\d{4}-\d\d-\d\dT/ });
  t.throws(() => lockDataFile(file), {
    constructor: LockHeld,
    message:
      `data file ${file} is in use by another billsim server (pid ${process.pid}, since ${holderIn(file).since}): ` +
      `stop that server or start this one with another --data file; if that process is not a billsim server, delete ${file}.lock`,
  });
  t.strictSame(beside(file), ['state.json.lock']);
  lock.release();
  t.strictSame(beside(file), [], 'released: the lock file is gone');
  lock.release();
  const again = lockDataFile(file);
  t.equal(holderIn(file).pid, process.pid, 'taken again');
  again.release();
});

t.test('a lock whose process is gone is taken over', async (t) => {
  const file = dataFile(t);
  const pid = deadPid();
  writeHolder(file, { pid, hostname: os.hostname(), since: '2026-01-01T00:00:00.000Z' });
  const lock = lockDataFile(file);
  t.equal(holderIn(file).pid, process.pid);
  t.strictSame(beside(file), ['state.json.lock'], 'no guard or temporary file left');
  lock.release();
});

t.test('a lock file naming nobody (empty, cut short, not ours) is taken over', async (t) => {
  for (const text of ['', '{"pid":12', 'locked', '{"pid":-1,"hostname":"x","since":"y"}']) {
    const file = dataFile(t);
    writeHolder(file, text);
    const lock = lockDataFile(file);
    t.equal(holderIn(file).pid, process.pid, JSON.stringify(text));
    lock.release();
  }
});

t.test('a holder on another machine cannot be checked: refused, naming the machine', async (t) => {
  const file = dataFile(t);
  writeHolder(file, { pid: deadPid(), hostname: 'elsewhere.example', since: '2026-01-01T00:00:00.000Z' });
  t.throws(() => lockDataFile(file), { constructor: LockHeld, message: /on elsewhere\.example, since 2026-01-01T00:00:00\.000Z/ });
  t.equal(holderIn(file).hostname, 'elsewhere.example', 'left as it was');
});

t.test('a take-over guard left by a start that died is cleared; a live one refuses', async (t) => {
  const file = dataFile(t);
  const stale = { pid: deadPid(), hostname: os.hostname(), since: '2026-01-01T00:00:00.000Z' };
  writeHolder(file, stale);
  fs.writeFileSync(`${lockFileOf(file)}.takeover`, JSON.stringify(stale));
  const lock = lockDataFile(file);
  t.equal(holderIn(file).pid, process.pid);
  t.strictSame(beside(file), ['state.json.lock']);
  lock.release();

  writeHolder(file, stale);
  fs.writeFileSync(`${lockFileOf(file)}.takeover`, JSON.stringify({ ...stale, pid: process.pid }));
  t.throws(() => lockDataFile(file), { constructor: LockHeld, message: new RegExp(`pid ${process.pid}`) });
  t.same(holderIn(file), stale, 'the stale lock is left to the start taking it over');
});

t.test('releasing leaves alone a lock another process has taken since', async (t) => {
  const file = dataFile(t);
  const lock = lockDataFile(file);
  const other = { pid: deadPid(), hostname: os.hostname(), since: '2026-01-01T00:00:00.000Z' };
  writeHolder(file, other);
  lock.release();
  t.same(holderIn(file), other);
});

t.test('the data file is locked while open, and a refused open reads nothing', async (t) => {
  const file = dataFile(t);
  const seed = loadFixtures(defaultFixturesDir);
  const first = openDataFile(file, seed);
  t.throws(() => openDataFile(file, seed), { message: /is in use by another billsim server/ });
  await first.saver.close();
  t.notOk(fs.existsSync(lockFileOf(file)), 'closing releases it');
  const second = openDataFile(file, seed);
  t.ok(fs.existsSync(lockFileOf(file)));
  await second.saver.close();

  fs.writeFileSync(file, 'not json');
  t.throws(() => openDataFile(file, seed), /state\.json/);
  t.notOk(fs.existsSync(lockFileOf(file)), 'an open that fails lets go of the lock');
});

t.test(
  'every spelling of one file takes one lock: relative, through ../, a symlink to the file or its folder, a link not yet pointing at a file',
  async (t) => {
    const file = dataFile(t);
    const dir = path.dirname(file);
    const lock = lockDataFile(file);
    t.equal(lock.file, file);
    fs.symlinkSync(file, path.join(dir, 'link.json'));
    fs.symlinkSync('link.json', path.join(dir, 'link-to-link.json'));
    fs.symlinkSync(dir, path.join(dir, 'folder-link'));
    const spellings = [
      path.relative(process.cwd(), file),
      path.join(dir, 'sub', '..', 'state.json'),
      path.join(dir, 'link.json'),
      path.join(dir, 'link-to-link.json'),
      path.join(dir, 'folder-link', 'link.json'),
    ];
    fs.mkdirSync(path.join(dir, 'sub'));
    for (const spelling of spellings) {
      t.equal(realFileOf(spelling), file, spelling);
      t.throws(
        () => lockDataFile(spelling),
        {
          constructor: LockHeld,
          message: `data file ${spelling} is in use by another billsim server (pid ${process.pid}, since ${holderIn(file).since}): stop that server or start this one with another --data file; if that process is not a billsim server, delete ${file}.lock`,
        },
        spelling,
      );
    }
    lock.release();

    // A link made before its file: the file is made where it points, the link stays a link.
    const later = path.join(dir, 'later.json');
    fs.symlinkSync('later-target.json', later);
    const linked = lockDataFile(later);
    t.equal(linked.file, path.join(dir, 'later-target.json'));
    t.throws(
      () => lockDataFile(path.join(dir, 'later-target.json')),
      { constructor: LockHeld, message: /in use by another billsim server/ },
      'the target is held through the link',
    );
    linked.release();

    fs.symlinkSync('loop-b', path.join(dir, 'loop-a'));
    fs.symlinkSync('loop-a', path.join(dir, 'loop-b'));
    t.throws(() => lockDataFile(path.join(dir, 'loop-a')), /ELOOP|symlinks lead to it/, 'a loop of links is refused');
    t.notOk(fs.existsSync(lockFileOf(file)), 'no lock left behind');
  },
);

t.test('a data file with a second name (a hard link) is refused at start, through either name', async (t) => {
  const file = dataFile(t);
  const seed = loadFixtures(defaultFixturesDir);
  fs.writeFileSync(file, '{}\n');
  const other = path.join(path.dirname(file), 'other-name.json');
  fs.linkSync(file, other);
  for (const name of [file, other]) {
    t.throws(() => lockDataFile(name), {
      message: `data file ${name} has 2 names (hard links), so a server started on another name could not find this one's lock; remove the other names (find / -samefile ${name}) or give --data a copy`,
    });
  }
  t.strictSame(
    beside(file).filter((name) => name.endsWith('.lock')),
    [],
    'no lock taken',
  );

  // Held through one name, then given a second: the second is refused too.
  fs.rmSync(other);
  const held = openDataFile(file, seed);
  fs.linkSync(file, other);
  t.throws(() => openDataFile(other, seed), /has 2 names \(hard links\)/);
  await held.saver.close();
});

t.test('a server opened through a symlink reads and writes the real file; the link stays a link', async (t) => {
  const file = dataFile(t);
  const link = path.join(path.dirname(file), 'link.json');
  fs.symlinkSync(file, link);
  const seed = loadFixtures(defaultFixturesDir);
  const opened = openDataFile(link, seed);
  t.equal(opened.file, file);
  t.throws(() => openDataFile(file, seed), { constructor: LockHeld, message: /in use by another billsim server/ });
  await opened.saver.close();
  t.ok(fs.lstatSync(link).isSymbolicLink(), 'still a link');
});
