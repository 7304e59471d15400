// @ts-check
// The stored state: each collection a page at a time (newest first), a record
// with its fields, the records it points at and the records pointing at it.
import { control, query } from './api.js';
import { byId, button, fieldById, fill, fillFrom, h, jsonBlock, pager, table } from './dom.js';
import { pointingAt } from './refs.js';

/** @typedef {import('./main.js').Ctx} Ctx */
/** @typedef {import('../src/generated/wire.js').CollectionsRoute['answers']['200']} CollectionList */
/**
 * A stored record in wire shape (GET /__billsim/state/:collection/:id): every one has its id.
 * @typedef {{ id: string } & import('../src/generated/wire.js').RecordRoute['answers']['200']} StoredRecord
 */
/** @typedef {import('../src/generated/wire.js').Sorter} Sorter */
/**
 * A page of a collection: its records under the collection's name, and the sorter.
 * @typedef {{ sorter: Sorter } & Record<string, StoredRecord[]>} StatePage
 */

export const live = false;
const PER_PAGE = 25;
const COLUMNS = 5;
let page = 0;
/** @type {{ collection: string, id: string } | undefined} */
let opened;

/** @param {import('./main.js').Ctx} ctx */
export function init(ctx) {
  byId('state-collection').addEventListener('change', () => {
    page = 0;
    ctx.refresh();
  });
}

/**
 * Opens a record (from any section): its collection's first page and the record itself.
 * @param {Ctx} ctx
 * @param {string} collection
 * @param {string} id
 */
export async function openRecord(ctx, collection, id) {
  const select = fieldById('state-collection');
  if (select.value !== collection) page = 0;
  select.value = collection;
  opened = { collection, id };
  await ctx.refresh();
  byId('state-record').focus();
}

/** @param {import('./main.js').Ctx} ctx */
export async function refresh(ctx) {
  const { collections } = /** @type {CollectionList} */ (await control('GET', '/state'));
  const select = fieldById('state-collection');
  const chosen = select.value || opened?.collection || 'invoices';
  fill(
    select,
    collections.map((c) => h('option', { value: c.name }, `${c.name} (${c.rows})`)),
  );
  select.value = chosen;
  await showPage(ctx, chosen);
  if (opened) await showRecord(ctx, opened.collection, opened.id);
  else fill(byId('state-record'));
}

// Fields that tell records apart at a glance come first in a page's columns.
const TELLING = ['name', 'firstname', 'lastname', 'companyname', 'subject', 'title', 'email', 'domain', 'call', 'status', 'total', 'date'];

/**
 * A few plain fields of a collection's records for the page's columns: telling ones, then references, then any.
 * @param {Ctx} ctx
 * @param {StoredRecord[]} rows
 */
function columns(ctx, rows) {
  const plain = Object.keys(rows[0] ?? {}).filter(
    (name) => name !== 'id' && !ctx.meta.secret.test(name) && rows.every((row) => row[name] === null || typeof row[name] !== 'object'),
  );
  const ordered = [...TELLING.filter((name) => plain.includes(name)), ...plain.filter((name) => name.endsWith('_id')), ...plain];
  return [...new Set(ordered)].slice(0, COLUMNS);
}

/**
 * @param {Ctx} ctx
 * @param {string} collection
 */
async function showPage(ctx, collection) {
  const answer = /** @type {StatePage} */ (await control('GET', `/state/${collection}${query({ page, perpage: PER_PAGE })}`));
  const rows = answer[collection];
  const { totalpages, sorterrecords } = answer.sorter;
  const names = columns(ctx, rows);
  /** @param {number} to */
  const turn = (to) => () => {
    page = to;
    ctx.refresh();
  };
  fillFrom(byId('state-page'), { collection, page, answer }, () => [
    rows.length
      ? table(
          `${collection}, newest first`,
          ['id', ...names],
          rows.map((row) => [
            button(row.id, () => openRecord(ctx, collection, row.id), { attrs: { 'aria-label': `Open ${collection} ${row.id}` } }),
            ...names.map((name) => cell(ctx, collection, name, row[name])),
          ]),
        )
      : h('p', { className: 'muted' }, `No record in ${collection}.`),
    pager(
      `Pages of ${collection}`,
      `Page ${Math.min(page + 1, Math.max(totalpages, 1))} of ${Math.max(totalpages, 1)} (${sorterrecords} records)`,
      {
        newer: page > 0 && turn(page - 1),
        older: page + 1 < totalpages && turn(page + 1),
      },
    ),
  ]);
}

/**
 * A field's value as a cell: secrets hidden, objects as JSON, references as links.
 * @param {Ctx} ctx
 * @param {string} collection
 * @param {string} name
 * @param {unknown} value
 */
function cell(ctx, collection, name, value) {
  if (ctx.meta.secret.test(name)) return '[redacted]';
  if (value !== null && typeof value === 'object') return jsonBlock(value, name);
  const linked = ctx.link(name, value, collection, { labelled: false });
  return linked ?? String(value ?? '');
}

/**
 * A copy with the values of secret fields replaced, at any depth.
 * @param {Ctx} ctx
 * @param {unknown} value
 * @returns {unknown}
 */
function redacted(ctx, value) {
  if (Array.isArray(value)) return value.map((v) => redacted(ctx, v));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, ctx.meta.secret.test(k) ? '[redacted]' : redacted(ctx, v)]));
}

/**
 * @param {Ctx} ctx
 * @param {string} collection
 * @param {string} id
 */
async function showRecord(ctx, collection, id) {
  const element = byId('state-record');
  /** @type {StoredRecord} */
  let record;
  try {
    record = /** @type {StoredRecord} */ (await control('GET', `/state/${collection}/${encodeURIComponent(id)}`));
  } catch (error) {
    fill(element, h('p', { className: 'error' }, /** @type {Error} */ (error).message));
    return;
  }
  const rows = Object.entries(record).map(([name, value]) => [name, cell(ctx, collection, name, redacted(ctx, value))]);
  const incoming = pointingAt(collection, ctx.meta.fields);
  const found = await Promise.all(
    incoming.map(async ([other, field]) => {
      const answer = /** @type {StatePage} */ (await control('GET', `/state/${other}${query({ field, value: id, page: 0, perpage: 50 })}`));
      return { other, field, rows: answer[other], total: answer.sorter.sorterrecords };
    }),
  );
  fill(
    element,
    h('h3', {}, `${collection} ${id}`),
    button('Close', () => {
      opened = undefined;
      fill(element);
    }),
    table(`Fields of ${collection} ${id}`, ['field', 'value'], rows, { className: 'fields' }),
    h('h4', {}, 'Pointing here'),
    found.some((f) => f.rows.length)
      ? h(
          'ul',
          { className: 'incoming' },
          found
            .filter((f) => f.rows.length)
            .map((f) =>
              h(
                'li',
                {},
                `${f.other} with ${f.field} ${id}${f.total > f.rows.length ? ` (newest ${f.rows.length} of ${f.total})` : ''}: `,
                h(
                  'span',
                  { className: 'refs' },
                  f.rows.map((row) => button(`${f.other} ${row.id}`, () => openRecord(ctx, f.other, row.id))),
                ),
              ),
            ),
        )
      : h('p', { className: 'muted' }, 'No record points here.'),
  );
}
