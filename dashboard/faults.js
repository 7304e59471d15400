// @ts-check
// The session's faults: the active ones with a button to remove each, and a
// form to add one for a call of the real call list.
import { control } from './api.js';
import { byId, button, fieldById, fill, h, limit, say, table } from './dom.js';

/** @typedef {import('../src/generated/wire.js').FaultSpec} FaultSpec */
/** @typedef {import('../src/generated/wire.js').Fault} Fault */
/** @typedef {import('../src/generated/wire.js').FaultsRoute['answers']['200']} FaultList */

export const live = true;
let last = '';

/** @param {import('./main.js').Ctx} ctx */
export function init(ctx) {
  const calls = byId('fault-call');
  for (const call of ctx.meta.calls) calls.append(h('option', { value: call }, call));
  const { status, delayMs, times } = ctx.meta.limits.fault;
  limit(byId('fault-status'), status);
  limit(byId('fault-delay'), delayMs);
  limit(byId('fault-times'), times);
  byId('fault-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const message = byId('fault-message');
    ctx.act(async () => {
      await control('POST', '/faults', spec());
      say(message);
      last = '';
    }, message);
  });
}

export function reset() {
  last = '';
}

/**
 * The form as a fault: empty fields are left out, numbers sent as numbers.
 * @returns {FaultSpec}
 */
function spec() {
  /** @type {FaultSpec} */
  const out = { call: fieldById('fault-call').value };
  const errors = fieldById('fault-error')
    .value.split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (errors.length) out.error = errors;
  for (const [id, key] of /** @type {const} */ ([
    ['fault-status', 'status'],
    ['fault-delay', 'delayMs'],
    ['fault-times', 'times'],
  ])) {
    const value = fieldById(id).value.trim();
    if (value !== '') out[key] = Number(value);
  }
  return out;
}

/** @param {import('./main.js').Ctx} ctx */
export async function refresh(ctx) {
  const { faults } = /** @type {FaultList} */ (await control('GET', '/faults'));
  const text = JSON.stringify(faults);
  if (text === last) return;
  last = text;
  const list = byId('faults-list');
  if (!faults.length) {
    fill(list, h('p', { className: 'muted' }, 'No fault: every call answers normally.'));
    return;
  }
  fill(
    list,
    table(
      'Active faults',
      ['call', 'answers', 'left', ''],
      faults.map((fault) => [
        fault.call,
        describe(fault),
        fault.remaining === null ? 'until removed' : String(fault.remaining),
        button(
          'Remove',
          () =>
            ctx.act(async () => {
              await control('DELETE', `/faults/${fault.id}`);
              last = '';
            }),
          { attrs: { 'aria-label': `Remove fault ${fault.id} (${fault.call})` } },
        ),
      ]),
    ),
    button('Remove all', () =>
      ctx.act(async () => {
        await control('DELETE', '/faults');
        last = '';
      }),
    ),
  );
}

/** @param {Fault} fault */
function describe(fault) {
  const parts = [];
  if (fault.error) parts.push(fault.error.join('; '));
  if (fault.status) parts.push(`HTTP ${fault.status}`);
  if (fault.delayMs) parts.push(`after ${fault.delayMs} ms`);
  return parts.join(', ');
}
