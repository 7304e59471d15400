// @ts-check
// The session's request journal, newest first, polled every second while the
// section is open; a click opens an entry's parameters, messages and answer,
// and the stub that answered it, if one did (or the installation, when proxied).
import { control, query } from './api.js';
import { byId, button, fieldById, fill, fillFrom, h, jsonBlock, table } from './dom.js';

/** @typedef {import('../src/generated/wire.js').JournalEntry} JournalEntry */
/** @typedef {import('../src/generated/wire.js').RequestsRoute['answers']['200']} Journal */
/** @typedef {import('../src/generated/wire.js').Coverage} Coverage */

const SHOWN = 200;
let last = '';
/** @type {JournalEntry[]} */
let entries = [];
let total = 0;
/** @type {string | undefined} */
let opened;

export const live = true;

/** @param {import('./main.js').Ctx} ctx */
export function init(ctx) {
  const calls = byId('requests-call');
  for (const call of ctx.meta.calls) calls.append(h('option', { value: call }, call));
  calls.addEventListener('change', () => ctx.refresh());
  byId('requests-outcome').addEventListener('change', () => render(ctx, true));
  byId('requests-clear').addEventListener('click', () =>
    ctx.act(async () => {
      await control('DELETE', '/requests');
      opened = undefined;
      fill(byId('request-detail'));
    }),
  );
  byId('coverage').addEventListener('toggle', () => ctx.refresh());
}

export function reset() {
  last = '';
  opened = undefined;
  fill(byId('request-detail'));
}

/** @param {import('./main.js').Ctx} ctx */
export async function refresh(ctx) {
  const call = fieldById('requests-call').value;
  const answer = /** @type {Journal} */ (await control('GET', `/requests${query({ call, limit: SHOWN })}`));
  // A new day on the session clock changes which entries show their date.
  const text = JSON.stringify([ctx.today(), answer.requests]);
  if (/** @type {HTMLDetailsElement} */ (byId('coverage')).open) await coverage();
  if (text === last) return;
  last = text;
  entries = answer.requests;
  // Keys count from the oldest entry, so an entry keeps its key as newer ones arrive.
  total = entries.length;
  render(ctx, false);
}

/**
 * The entry's key: its place counted from the oldest one shown.
 * @param {number} index
 */
const keyOf = (index) => String(total - index);

/**
 * @param {import('./main.js').Ctx} ctx
 * @param {boolean} filterChanged
 */
function render(ctx, filterChanged) {
  const outcome = fieldById('requests-outcome').value;
  const list = byId('requests-list');
  const focused = /** @type {HTMLElement | null | undefined} */ (document.activeElement?.closest?.('#requests-list li'))?.dataset.key;
  const shown = entries
    .map((entry, index) => ({ entry, key: keyOf(index) }))
    .filter(({ entry }) => !outcome || (outcome === 'success') === entry.success);
  fill(
    list,
    shown.map(({ entry, key }) =>
      h(
        'li',
        { className: entry.success ? 'ok' : 'failed', attrs: { 'data-key': key } },
        button(
          [
            when(entry.time, ctx.today()),
            h('span', { className: 'call' }, entry.call || '(no call)'),
            h('span', { className: 'outcome' }, entry.success ? 'ok' : 'error'),
            h('span', { className: 'duration' }, `${entry.durationMs} ms`),
          ],
          () => open(ctx, entry, key),
          {
            attrs: {
              'aria-pressed': String(opened === key),
              'aria-label': `${entry.time} ${entry.call} ${entry.success ? 'succeeded' : 'failed'}`,
            },
          },
        ),
      ),
    ),
  );
  const hidden = entries.length - shown.length;
  byId('requests-count').textContent =
    `${shown.length} request${shown.length === 1 ? '' : 's'} shown${hidden ? `, ${hidden} hidden by the filter` : ''}` +
    (entries.length >= SHOWN ? ` (the newest ${SHOWN})` : '');
  if (focused && !filterChanged) /** @type {HTMLElement | null} */ (list.querySelector(`li[data-key="${focused}"] button`))?.focus();
}

/**
 * An entry's time on the session clock; its date too when that is not the
 * clock's today, so entries of different simulated days tell apart.
 * @param {string} time YYYY-MM-DD HH:MM:SS
 * @param {string | undefined} today YYYY-MM-DD
 */
function when(time, today) {
  const day = time.slice(0, 10);
  return h('span', { className: 'time' }, day === today ? null : h('span', { className: 'day' }, day), time.slice(11));
}

/**
 * @param {import('./main.js').Ctx} ctx
 * @param {JournalEntry} entry
 * @param {string} key
 */
function open(ctx, entry, key) {
  opened = key;
  for (const item of byId('requests-list').querySelectorAll('li')) {
    item.querySelector('button')?.setAttribute('aria-pressed', String(item.dataset.key === key));
  }
  let answer;
  try {
    answer = JSON.parse(entry.answer);
  } catch {
    answer = undefined;
  }
  fill(
    byId('request-detail'),
    h('h3', {}, `${entry.call || '(no call)'} at ${entry.time}`),
    h('p', {}, `${entry.success ? 'Succeeded' : 'Failed'} in ${entry.durationMs} ms`),
    entry.stub === undefined
      ? null
      : h('p', { className: 'stubbed' }, 'Answered by ', ctx.stub(entry.stub), ' (the simulation did not run)'),
    entry.proxied ? h('p', { className: 'stubbed' }, 'Answered by the installation billsim proxies (the simulation did not run)') : null,
    entry.error.length
      ? [
          h('h4', {}, 'Messages'),
          h(
            'ul',
            { className: 'messages' },
            entry.error.map((m) => h('li', {}, m)),
          ),
        ]
      : null,
    h('h4', {}, 'Parameters (secrets redacted)'),
    jsonBlock(entry.params, 'Parameters'),
    h('h4', {}, 'Answer'),
    answer === undefined ? h('pre', { className: 'json' }, entry.answer) : jsonBlock(answer, 'Answer'),
  );
}

async function coverage() {
  const answer = /** @type {Coverage} */ (await control('GET', '/coverage'));
  const exercised = Object.entries(answer.calls).filter(([, counts]) => counts.requests > 0);
  fillFrom(byId('coverage-body'), answer, () => [
    exercised.length
      ? table(
          'Calls exercised',
          ['call', 'requests', 'successes', 'errors'],
          exercised.map(([call, c]) => [call, String(c.requests), String(c.successes), String(c.errors)]),
        )
      : h('p', {}, 'No call exercised yet.'),
    h('h3', {}, `Never exercised (${answer.unexercised.length})`),
    h('p', { className: 'call-cloud' }, answer.unexercised.join(' · ')),
  ]);
}
