// A session's own state (clock, faults, automation switch, snapshots) is saved
// in order with its collections; a change that cannot be saved is refused as
// not saved and put back whole (src/session/sessions.ts).
import t from 'tap';
import { Seed } from '../../src/store/world.js';
import { Session } from '../../src/session/sessions.js';
import { clockChangeOf } from '../../src/session/control-input.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import type { Saver, SessionEntry, SessionSaver } from '../../src/store/saver.js';
import type { Collections } from '../../src/generated/wire.js';

const seed = new Seed(loadFixtures(defaultFixturesDir));
const NOW = new Date('2026-11-20T12:00:00Z');

/** Keeps what it is given, and fails the next `failNext` saves of any kind. */
class Kept implements Saver, SessionSaver {
  sessionEntry?: () => SessionEntry;
  failNext = 0;
  entries: SessionEntry[] = [];
  files = new Map<number, Collections>();
  private check() {
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('EROFS: read-only file system');
    }
  }
  async saveChanges() {
    this.check();
  }
  async saveAll() {
    this.check();
    this.entries.push(this.sessionEntry!());
  }
  async saveSession(entry: SessionEntry) {
    this.check();
    this.entries.push(entry);
  }
  async saveSnapshot(id: number, data: Collections) {
    this.check();
    this.files.set(id, data);
  }
  async removeSnapshot(id: number) {
    this.files.delete(id);
  }
}

const notSaved = (what: string) => ({
  name: 'ControlError',
  kind: 'not-saved',
  message: `The ${what} was not applied: saving the data file failed (EROFS: read-only file system)`,
});

t.test('each change of the own state is saved as the whole state after it', async (t) => {
  const saver = new Kept();
  const session = new Session('default', seed, { now: NOW }, saver);
  await session.changeOwn(() => session.clock.change({ advanceSeconds: 60 }));
  await session.changeOwn(() => session.faults.add({ call: '*', delayMs: 5 }));
  t.equal(saver.entries.length, 2);
  t.strictSame(saver.entries[1], session.savedState());
  t.match(saver.entries[1], {
    clock: { frozenAt: NOW.getTime() + 60_000 },
    faults: { next: 2, list: [{ id: '1', call: '*', delayMs: 5, remaining: null }] },
  });
});

t.test('a change that cannot be saved is refused and put back: clock, fault, switch, snapshot, reset, restore', async (t) => {
  const saver = new Kept();
  const session = new Session('default', seed, { now: NOW }, saver);
  await session.saveSnapshot('kept', () => undefined);
  await session.changeOwn(() => session.faults.add({ call: 'getCurrencies', error: ['x'], times: 3 }));
  const before = session.savedState();
  const cases: [string, () => Promise<unknown>][] = [
    ['clock change', () => session.changeOwn(() => session.clock.change({ advanceDays: 2 }), 'clock change')],
    ['fault', () => session.changeOwn(() => session.faults.clear(), 'fault')],
    ['automation switch', () => session.changeOwn(() => (session.automationEnabled = false), 'automation switch')],
    ['snapshot', () => session.saveSnapshot('new', () => undefined)],
    ['reset', () => session.reset()],
    ['restore', () => session.restore(session.snapshots.get('kept')!)],
  ];
  for (const [what, change] of cases) {
    saver.failNext = 1;
    await t.rejects(change(), notSaved(what), what);
    t.strictSame(session.savedState(), before, `${what}: the own state is as it was`);
  }
  t.strictSame([...saver.files.keys()], [1], 'the snapshot file written for a refused snapshot is removed');
  saver.failNext = 1;
  await t.rejects(session.takeFault('getCurrencies')!, notSaved('change'));
  t.equal(session.faults.all()[0].remaining, 3, 'a fault met while its count cannot be saved keeps its count');
  t.match(await session.takeFault('getCurrencies'), { remaining: 2 });
});

t.test('a fault that lasts until removed is met without a save', async (t) => {
  const saver = new Kept();
  const session = new Session('default', seed, { now: NOW }, saver);
  await session.changeOwn(() => session.faults.add({ call: 'getCurrencies', status: 503 }));
  const saves = saver.entries.length;
  for (let i = 0; i < 3; i++) t.match(await session.takeFault('getCurrencies'), { status: 503, remaining: null });
  t.equal(session.takeFault('getClients'), undefined, 'a call no fault names meets none');
  t.equal(saver.entries.length, saves);
});

t.test('a session loads the state it saved, snapshots read back by file number', async (t) => {
  const saver = new Kept();
  const first = new Session('default', seed, { now: NOW }, saver);
  await first.changeOwn(() => first.clock.change(clockChangeOf({ now: '2026-12-24 18:00:00', frozen: false })));
  await first.saveSnapshot('eve', () => undefined);
  await first.changeOwn(() => first.faults.add({ call: '*', error: ['down'], times: 1 }));
  const second = new Session('default', seed, { now: NOW });
  second.load(first.savedState(), (file) => saver.files.get(file)!);
  t.strictSame(second.savedState(), first.savedState());
  t.equal(second.snapshots.get('eve')?.data, saver.files.get(1));
  t.strictSame(second.snapshotFiles(), [1]);
});
