// @ts-check
// The session's stubs: each with what it answers and a button to remove it,
// and a form to add one for any call name, simulated or not. The rest of the
// stub is written as JSON; the server checks it (templates included) and its
// refusal, naming every problem, shows next to the editor.
import { control } from './api.js';
import { byId, button, fieldById, fill, h, jsonBlock, say, table } from './dom.js';

/** @typedef {import('../src/generated/wire.js').StubSpec} StubSpec */
/** @typedef {import('../src/generated/wire.js').Stub} Stub */
/** @typedef {import('../src/generated/wire.js').StubsRoute['answers']['200']} StubList */

export const live = true;
let last = '';
/** @type {string | undefined} the stub opened from elsewhere (a journal entry) or just added, highlighted */
let wanted;

const HEADERS = ['id', 'call', 'params', 'answers', 'left', ''];

/** What the editor starts with: an answer whose template echoes a parameter of the request. */
const EXAMPLE = `{
  "answer": {
    "categories": [
      { "id": "{{params.id}}", "name": "Asked for {{params.id}} at {{server_time}}" }
    ]
  },
  "times": 10
}
`;

/** @param {import('./main.js').Ctx} ctx */
export function init(ctx) {
  const calls = byId('stub-calls');
  for (const call of ctx.meta.calls) calls.append(h('option', { value: call }));
  const editor = fieldById('stub-spec');
  editor.value = EXAMPLE;
  byId('stub-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const message = byId('stub-message');
    ctx.act(async () => {
      const added = /** @type {Stub} */ (await control('POST', '/stubs', spec()));
      say(message);
      say(byId('stubs-note'));
      wanted = added.id;
      last = '';
    }, message);
  });
}

export function reset() {
  last = '';
  wanted = undefined;
  say(byId('stubs-note'));
}

/**
 * The form as a stub: the call from its field, the rest from the editor.
 * Only the JSON syntax is checked here; every other rule is the server's.
 * @returns {StubSpec}
 */
function spec() {
  const text = fieldById('stub-spec').value.trim();
  /** @type {unknown} */
  let rest = {};
  if (text) {
    try {
      rest = JSON.parse(text);
    } catch (error) {
      throw new Error(`The stub is not JSON: ${/** @type {Error} */ (error).message}`);
    }
  }
  if (rest === null || typeof rest !== 'object' || Array.isArray(rest)) {
    throw new Error('The stub is not a JSON object: write it as { "answer": { ... } }');
  }
  return { ...rest, call: fieldById('stub-call').value.trim() };
}

/**
 * Shows a stub (from a journal entry): the section's list with that stub's row highlighted and in view.
 * @param {import('./main.js').Ctx} ctx
 * @param {string} id
 */
export async function openStub(ctx, id) {
  wanted = id;
  // The list is drawn again only if it changed, so the rows on screen (and a click on
  // one of them) stay while it is fetched; highlight() marks the row either way.
  await ctx.refresh();
  const row = highlight();
  if (row) row.scrollIntoView({ block: 'center' });
  say(byId('stubs-note'), row ? '' : `Stub ${id} is gone: removed, or its times used up.`);
}

/** Marks the wanted stub's row; returns it when it is listed. */
function highlight() {
  /** @type {HTMLElement | null} */
  let found = null;
  for (const row of byId('stubs-list').querySelectorAll('tbody tr')) {
    const on = wanted !== undefined && row.querySelector(`[data-stub="${wanted}"]`) !== null;
    row.classList.toggle('highlight', on);
    if (on) found = /** @type {HTMLElement} */ (row);
  }
  return found;
}

/** @param {import('./main.js').Ctx} ctx */
export async function refresh(ctx) {
  const { stubs, next } = /** @type {StubList} */ (await control('GET', '/stubs'));
  const text = JSON.stringify([stubs, next]);
  if (text === last) return;
  last = text;
  const list = byId('stubs-list');
  if (!stubs.length) {
    fill(list, h('p', { className: 'muted' }, 'No stub: every call is answered by the simulation.'));
    return;
  }
  fill(
    list,
    table(
      'Stubs, oldest first',
      HEADERS,
      stubs.map((stub) => [
        h('span', { attrs: { 'data-stub': stub.id } }, stub.id),
        stub.call,
        stub.params && Object.keys(stub.params).length ? jsonBlock(stub.params, `Params of stub ${stub.id}`) : 'any',
        describe(stub),
        left(stub),
        button(
          'Remove',
          () =>
            ctx.act(async () => {
              await control('DELETE', `/stubs/${stub.id}`);
              last = '';
            }),
          { attrs: { 'aria-label': `Remove stub ${stub.id} (${stub.call})` } },
        ),
      ]),
    ),
    next === undefined
      ? null
      : h('p', { className: 'muted' }, `The oldest ${stubs.length} shown; more follow (GET /__billsim/stubs?after=${next}).`),
    button('Remove all', () =>
      ctx.act(async () => {
        await control('DELETE', '/stubs');
        last = '';
      }),
    ),
  );
  highlight();
}

/**
 * What a stub answers: its failure, messages, status and delay, then its answer's keys as JSON.
 * @param {Stub} stub
 */
function describe(stub) {
  const parts = [];
  if (stub.failure) parts.push(`failure: ${stub.failure}`);
  if (stub.error) parts.push(stub.error.join('; '));
  if (stub.status) parts.push(`HTTP ${stub.status}`);
  if (stub.delayMs) parts.push(`after ${stub.delayMs} ms`);
  if (!stub.failure && !stub.error && !stub.answer) parts.push('an empty answer');
  return [parts.join(', '), stub.answer ? jsonBlock(stub.answer, `Answer of stub ${stub.id}`) : null];
}

/** @param {Stub} stub */
function left(stub) {
  const count = stub.remaining ?? stub.times;
  return count === undefined ? 'until removed' : String(count);
}
