// @ts-check
// The session clock: set it, freeze or unfreeze it, advance it by whole days
// (each day passed runs the billing automation) and show what the automation did.
import { control, ControlFailure, query } from './api.js';
import { byId, fieldById, fillFrom, h, pager, say, table } from './dom.js';

/** @typedef {import('../src/generated/wire.js').ClockChange} ClockChange */
/** @typedef {import('../src/generated/wire.js').ClockState} ClockState */
/** @typedef {import('../src/generated/wire.js').ClockSet} ClockSet */
/** @typedef {import('../src/generated/wire.js').AutomationSummary} AutomationSummary */
/** @typedef {import('../src/generated/wire.js').AutomationStatus} AutomationStatus */

export const live = true;
let frozen = false;
/** @type {string | undefined} the session clock's day (YYYY-MM-DD) as last read */
let day;
// The log a page at a time: sixty simulated days hold hundreds of entries.
const PER_PAGE = 10;
// The most entries the route answers (its `limit`): older ones are not shown.
const MOST = 1000;
let page = 0;

/** @param {import('./main.js').Ctx} ctx */
export function init(ctx) {
  const message = byId('clock-message');
  /** @param {ClockChange} body */
  const change = (body) =>
    ctx.act(async () => {
      const answer = /** @type {ClockSet} */ (await control('POST', '/clock', body));
      say(message);
      page = 0;
      ran(answer.automation);
    }, message);
  byId('clock-freeze').addEventListener('click', () => change({ frozen: !frozen }));
  for (const advance of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#clock [data-days]'))) {
    advance.addEventListener('click', () => change({ advanceDays: Number(advance.dataset.days) }));
  }
  // A long move's days run while the page ticks: the tick shows how far they got, and this stops them.
  byId('clock-cancel').addEventListener('click', () =>
    ctx.act(async () => {
      await control('POST', '/clock/cancel');
    }, message),
  );
  byId('clock-form').addEventListener('submit', (event) => {
    event.preventDefault();
    change({ now: fieldById('clock-set').value.trim() });
  });
}

/**
 * Shows the clock in the header and this section; called on every tick.
 * @param {ClockState} clock
 */
export function show(clock) {
  frozen = clock.frozen;
  day = clock.now.slice(0, 10);
  const text = `${clock.now} UTC${clock.frozen ? ', frozen' : ', running'}`;
  byId('clock-line').textContent = `Clock: ${text}`;
  byId('clock-now').textContent = text;
  byId('clock-freeze').textContent = clock.frozen ? 'Unfreeze' : 'Freeze';
  const input = fieldById('clock-set');
  if (document.activeElement !== input && !input.value) input.value = clock.now;
  moving(clock.catchUp);
}

/**
 * How far the days of a clock move got, while they run (nothing otherwise).
 * @param {ClockState['catchUp']} progress
 */
function moving(progress) {
  byId('clock-moving').hidden = !progress;
  if (!progress) return;
  const count = (/** @type {number} */ n) => n.toLocaleString('en');
  const bar = /** @type {HTMLProgressElement} */ (byId('clock-progress'));
  bar.max = Math.max(progress.days, 1);
  bar.value = progress.done;
  byId('clock-moving-text').textContent = progress.day
    ? `Billing automation running: ${count(progress.done)} of ${count(progress.days)} days done (up to ${progress.day}, moving to ${progress.to})`
    : 'Billing automation starting';
}

/**
 * The automation's summary from a clock change's answer (none from a billsim without the automation).
 * @param {AutomationSummary | undefined} automation
 */
function ran(automation) {
  if (!automation) return say(byId('clock-ran'));
  const actions = Object.entries(automation.actions ?? {});
  const done = actions.length ? actions.map(([action, count]) => `${action.replaceAll('_', ' ')}: ${count}`).join(', ') : 'nothing to do';
  const stopped = automation.cancelled ? ' The move was cancelled: the clock stands on the last day that ran.' : '';
  say(byId('clock-ran'), `Billing automation ran ${automation.days} day${automation.days === 1 ? '' : 's'}: ${done}.${stopped}`);
}

/** The session clock's day (YYYY-MM-DD) as last read, or undefined before the first read. */
export function today() {
  return day;
}

export function reset() {
  page = 0;
  say(byId('clock-ran'));
}

/** @param {import('./main.js').Ctx} ctx */
export async function refresh(ctx) {
  show(/** @type {ClockState} */ (await control('GET', '/clock')));
  const element = byId('automation');
  /** @type {AutomationStatus} */
  let log;
  try {
    // One entry past the page says whether an older page exists.
    const limit = Math.min((page + 1) * PER_PAGE + 1, MOST);
    log = /** @type {AutomationStatus} */ (await control('GET', `/automation${query({ limit })}`));
  } catch (error) {
    if (error instanceof ControlFailure && error.status === 404) {
      fillFrom(element, 'missing', () => h('p', { className: 'muted' }, 'Automation log not available on this billsim.'));
      return;
    }
    throw error;
  }
  const shown = log.entries.slice(page * PER_PAGE, (page + 1) * PER_PAGE);
  const older = log.entries.length > (page + 1) * PER_PAGE;
  /** @param {number} to */
  const turn = (to) => () => {
    page = to;
    void ctx.refresh();
  };
  const first = page * PER_PAGE + 1;
  const capped = !older && log.entries.length >= MOST;
  const where = `Entries ${first} to ${first + shown.length - 1}${older ? '' : capped ? ` (older than the newest ${MOST} are not shown)` : ' (the oldest)'}`;
  fillFrom(element, { log, page }, () => [
    h('p', { className: 'muted' }, `Daily run ${log.enabled ? 'on' : 'off'}; last run for ${log.last_run || 'no day yet'}.`),
    ...(shown.length
      ? [
          table(
            'Automation log, newest first',
            ['day', 'action', 'reason', 'records'],
            shown.map((entry) => [entry.day, entry.action.replaceAll('_', ' '), entry.reason, records(ctx, entry.records)]),
          ),
          page > 0 || older
            ? pager('Pages of the automation log', where, {
                newer: page > 0 && turn(page - 1),
                older: older && turn(page + 1),
              })
            : null,
        ]
      : [h('p', {}, page > 0 ? 'No entry this far back.' : 'The automation has done nothing yet.')]),
  ]);
}

/**
 * @param {import('./main.js').Ctx} ctx
 * @param {Record<string, string>} [list]
 */
function records(ctx, list = {}) {
  return h(
    'span',
    { className: 'refs' },
    Object.entries(list).map(([field, id]) => ctx.link(field, id)),
  );
}
