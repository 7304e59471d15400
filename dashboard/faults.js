// The session's faults: the active ones with a button to remove each, and a
// form to add one for a call of the real call list.
import { control } from './api.js';
import { byId, button, fill, h, say, table } from './dom.js';

export const live = true;
let last = '';

export function init(ctx) {
  const calls = byId('fault-call');
  for (const call of ctx.meta.calls) calls.append(h('option', { value: call }, call));
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

/** The form as a fault: empty fields are left out, numbers sent as numbers. */
function spec() {
  const out = { call: byId('fault-call').value };
  const errors = byId('fault-error')
    .value.split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (errors.length) out.error = errors;
  for (const [id, key] of [
    ['fault-status', 'status'],
    ['fault-delay', 'delayMs'],
    ['fault-times', 'times'],
  ]) {
    const value = byId(id).value.trim();
    if (value !== '') out[key] = Number(value);
  }
  return out;
}

export async function refresh(ctx) {
  const { faults } = await control('GET', '/faults');
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

function describe(fault) {
  const parts = [];
  if (fault.error) parts.push(fault.error.join('; '));
  if (fault.status) parts.push(`HTTP ${fault.status}`);
  if (fault.delayMs) parts.push(`after ${fault.delayMs} ms`);
  return parts.join(', ');
}
