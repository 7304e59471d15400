// The session clock against an injected real time: it runs with real time
// unless frozen, freezing keeps the moment shown, unfreezing runs on from it,
// and a refused change leaves it as it was. Changes are checked as the
// session-control service checks them (control-input.ts), then applied.
import t from 'tap';
import { Clock } from '../../src/session/clock.js';
import { ControlError } from '../../src/session/control-error.js';
import { clockChangeOf } from '../../src/session/control-input.js';

/** A change as a front end sends it, checked, then applied. */
const change = (clock: Clock, sent: unknown) => clock.change(clockChangeOf(sent));

const START = new Date('2026-11-20T12:00:00Z');

/** A real time that moves only when told. */
function realTime(start = Date.parse('2030-01-01T00:00:00Z')) {
  let ms = start;
  return { now: () => ms, pass: (seconds: number) => void (ms += seconds * 1000) };
}

t.test('a clock without a start runs with real time', async (t) => {
  const real = realTime();
  const clock = new Clock(undefined, real.now);
  t.equal(clock.frozen, false);
  t.equal(clock.now().toISOString(), '2030-01-01T00:00:00.000Z');
  real.pass(90);
  t.equal(clock.now().toISOString(), '2030-01-01T00:01:30.000Z');
});

t.test('a frozen clock stops; unfreezing runs on from the frozen moment; freezing keeps the moment shown', async (t) => {
  const real = realTime();
  const clock = new Clock(START, real.now);
  real.pass(3600);
  t.equal(clock.now().toISOString(), START.toISOString(), 'frozen: real time does not move it');
  change(clock, { frozen: false });
  t.equal(clock.frozen, false);
  t.equal(clock.now().toISOString(), START.toISOString(), 'unfrozen at the frozen moment');
  real.pass(10);
  t.equal(clock.now().toISOString(), '2026-11-20T12:00:10.000Z', 'then real time passes');
  change(clock, { frozen: true });
  real.pass(500);
  t.equal(clock.now().toISOString(), '2026-11-20T12:00:10.000Z', 'frozen again where it was');
  t.equal(clock.frozen, true);
});

t.test('set and advance keep the mode unless frozen is given with them', async (t) => {
  const real = realTime();
  const clock = new Clock(undefined, real.now);
  change(clock, { now: '2027-01-01 00:00:00' });
  real.pass(5);
  t.equal(clock.now().toISOString(), '2027-01-01T00:00:05.000Z', 'a running clock set runs on from there');
  change(clock, { advanceSeconds: 60, frozen: true });
  real.pass(5);
  t.equal(clock.now().toISOString(), '2027-01-01T00:01:05.000Z', 'advanced and frozen at the new moment');
  change(clock, { now: new Date('2028-02-29T10:00:00Z'), frozen: false });
  real.pass(1);
  t.equal(clock.now().toISOString(), '2028-02-29T10:00:01.000Z', 'a Date in-process, unfrozen from it');
});

t.test('reset goes back to how the session started', async (t) => {
  const real = realTime();
  const frozen = new Clock(START, real.now);
  change(frozen, { advanceSeconds: 100, frozen: false });
  frozen.reset();
  t.equal(frozen.frozen, true);
  t.equal(frozen.now().toISOString(), START.toISOString());
  const running = new Clock(undefined, real.now);
  change(running, { now: '2027-01-01 00:00:00', frozen: true });
  running.reset();
  t.equal(running.frozen, false);
  t.equal(running.now().getTime(), real.now());
});

t.test('a refused change says what to send and changes nothing', async (t) => {
  const real = realTime();
  const clock = new Clock(START, real.now);
  const cases: [unknown, string][] = [
    [undefined, 'Send a clock change as a JSON object'],
    [[1], 'Send a clock change as a JSON object'],
    ['2027-01-01 00:00:00', 'Send a clock change as a JSON object'],
    [{}, 'Give now ("YYYY-MM-DD HH:MM:SS"), advanceSeconds or advanceDays'],
    [{ now: '2027-01-01 00:00:00', advanceSeconds: 1 }, 'Give only one of now, advanceSeconds and advanceDays'],
    [{ now: '2027-01-01 00:00:00', frozen: 1 }, 'frozen must be true or false'],
    [{ now: '1969-12-31 23:59:59' }, 'now must be a UTC date and time'],
    [{ now: new Date(Number.NaN) }, 'now must be a UTC date and time'],
    [{ now: 1_800_000_000 }, 'now must be a UTC date and time'],
    [{ advanceSeconds: 1.5 }, 'advanceSeconds must be a whole number'],
    [{ advanceSeconds: '60' }, 'advanceSeconds must be a whole number'],
    [{ advanceSeconds: 1e308 }, 'advanceSeconds must keep the clock'],
    [{ advanceSeconds: -2e9 }, 'advanceSeconds must keep the clock'],
    [{ nowe: '2027-01-01 00:00:00' }, 'Unknown clock field "nowe"'],
  ];
  for (const [input, message] of cases) {
    t.throws(() => change(clock, input), { name: 'ControlError', kind: 'bad-input' }, JSON.stringify(input) ?? 'undefined');
    try {
      change(clock, input);
    } catch (error) {
      t.ok(error instanceof ControlError);
      t.match((error as Error).message, message);
    }
    t.equal(clock.now().toISOString(), START.toISOString(), 'unchanged');
    t.equal(clock.frozen, true);
  }
});

t.test('a running clock stops at 9999-12-31 23:59:59, the last moment a wire date shows', async (t) => {
  const real = realTime();
  const clock = new Clock(undefined, real.now);
  change(clock, { now: '9999-12-31 23:59:50' });
  real.pass(5);
  t.equal(clock.now().toISOString(), '9999-12-31T23:59:55.000Z');
  real.pass(86_400 * 3);
  t.equal(clock.now().toISOString(), '9999-12-31T23:59:59.000Z', 'days later it still stands at the end');
  t.equal(clock.frozen, false);
});
