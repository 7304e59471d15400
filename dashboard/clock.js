// The session clock: set it, freeze or unfreeze it, advance it by whole days
// (each day passed runs the billing automation) and show what the automation did.
import { control, ControlFailure, query } from './api.js';
import { byId, fillFrom, h, say, table } from './dom.js';

export const live = true;
let frozen = false;

export function init(ctx) {
  const message = byId('clock-message');
  const change = (body) =>
    ctx.act(async () => {
      const answer = await control('POST', '/clock', body);
      say(message);
      ran(answer.automation);
    }, message);
  byId('clock-freeze').addEventListener('click', () => change({ frozen: !frozen }));
  for (const advance of document.querySelectorAll('#clock [data-days]')) {
    advance.addEventListener('click', () => change({ advanceDays: Number(advance.dataset.days) }));
  }
  byId('clock-form').addEventListener('submit', (event) => {
    event.preventDefault();
    change({ now: byId('clock-set').value.trim() });
  });
}

/** Shows the clock in the header and this section; called on every tick. */
export function show(clock) {
  frozen = clock.frozen;
  const text = `${clock.now} UTC${clock.frozen ? ', frozen' : ', running'}`;
  byId('clock-line').textContent = `Clock: ${text}`;
  byId('clock-now').textContent = text;
  byId('clock-freeze').textContent = clock.frozen ? 'Unfreeze' : 'Freeze';
  const input = byId('clock-set');
  if (document.activeElement !== input && !input.value) input.value = clock.now;
}

/** The automation's summary from a clock change's answer. */
function ran(automation) {
  if (!automation) return say(byId('clock-ran'));
  const actions = Object.entries(automation.actions ?? {});
  const done = actions.length ? actions.map(([action, count]) => `${action.replaceAll('_', ' ')}: ${count}`).join(', ') : 'nothing to do';
  say(byId('clock-ran'), `Billing automation ran ${automation.days} day${automation.days === 1 ? '' : 's'}: ${done}.`);
}

export function reset() {
  say(byId('clock-ran'));
}

export async function refresh(ctx) {
  show(await control('GET', '/clock'));
  const element = byId('automation');
  let log;
  try {
    log = await control('GET', `/automation${query({ limit: 100 })}`);
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

function records(ctx, list = {}) {
  return h(
    'span',
    { className: 'refs' },
    Object.entries(list).map(([field, id]) => ctx.link(field, id)),
  );
}
