// @ts-check
// The session clock: set it, freeze or unfreeze it, advance it by whole days
// (each day passed runs the billing automation) and show what the automation did.
import { control, ControlFailure, query } from './api.js';
import { byId, fieldById, fillFrom, h, say, table } from './dom.js';

/** @typedef {import('../src/generated/wire.js').ClockChange} ClockChange */
/** @typedef {import('../src/generated/wire.js').ClockState} ClockState */
/** @typedef {import('../src/generated/wire.js').ClockSet} ClockSet */
/** @typedef {import('../src/generated/wire.js').AutomationSummary} AutomationSummary */
/** @typedef {import('../src/generated/wire.js').AutomationStatus} AutomationStatus */

export const live = true;
let frozen = false;

/** @param {import('./main.js').Ctx} ctx */
export function init(ctx) {
  const message = byId('clock-message');
  /** @param {ClockChange} body */
  const change = (body) =>
    ctx.act(async () => {
      const answer = /** @type {ClockSet} */ (await control('POST', '/clock', body));
      say(message);
      ran(answer.automation);
    }, message);
  byId('clock-freeze').addEventListener('click', () => change({ frozen: !frozen }));
  for (const advance of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#clock [data-days]'))) {
    advance.addEventListener('click', () => change({ advanceDays: Number(advance.dataset.days) }));
  }
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
  const text = `${clock.now} UTC${clock.frozen ? ', frozen' : ', running'}`;
  byId('clock-line').textContent = `Clock: ${text}`;
  byId('clock-now').textContent = text;
  byId('clock-freeze').textContent = clock.frozen ? 'Unfreeze' : 'Freeze';
  const input = fieldById('clock-set');
  if (document.activeElement !== input && !input.value) input.value = clock.now;
}

/**
 * The automation's summary from a clock change's answer (none from a billsim without the automation).
 * @param {AutomationSummary | undefined} automation
 */
function ran(automation) {
  if (!automation) return say(byId('clock-ran'));
  const actions = Object.entries(automation.actions ?? {});
  const done = actions.length ? actions.map(([action, count]) => `${action.replaceAll('_', ' ')}: ${count}`).join(', ') : 'nothing to do';
  say(byId('clock-ran'), `Billing automation ran ${automation.days} day${automation.days === 1 ? '' : 's'}: ${done}.`);
}

export function reset() {
  say(byId('clock-ran'));
}

/** @param {import('./main.js').Ctx} ctx */
export async function refresh(ctx) {
  show(/** @type {ClockState} */ (await control('GET', '/clock')));
  const element = byId('automation');
  /** @type {AutomationStatus} */
  let log;
  try {
    log = /** @type {AutomationStatus} */ (await control('GET', `/automation${query({ limit: 100 })}`));
  } catch (error) {
    if (error instanceof ControlFailure && error.status === 404) {
      fillFrom(element, 'missing', () => h('p', { className: 'muted' }, 'Automation log not available on this billsim.'));
      return;
    }
    throw error;
  }
  fillFrom(element, log, () => [
    h('p', { className: 'muted' }, `Daily run ${log.enabled ? 'on' : 'off'}; last run for ${log.last_run || 'no day yet'}.`),
    log.entries.length
      ? table(
          'Automation log, newest first',
          ['day', 'action', 'reason', 'records'],
          log.entries.map((entry) => [entry.day, entry.action.replaceAll('_', ' '), entry.reason, records(ctx, entry.records)]),
        )
      : h('p', {}, 'The automation has done nothing yet.'),
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
