// @ts-check
// Building the page from data an app under test sent: every value becomes a
// text node or a property, never markup, so a name like <img onerror=...>
// shows its characters and runs nothing.

/**
 * What an element is built of: nodes and text (numbers shown as text), or
 * nothing (null, undefined, false) where there is none; or a list of them.
 * @typedef {Node | string | number | null | undefined | false} Leaf
 * @typedef {Leaf | Leaf[]} Child
 */

/**
 * An element's properties (className, type, value, disabled, hidden ...),
 * attributes under `attrs`, listeners under `on`.
 * @typedef {{ attrs?: Record<string, string | number | boolean | undefined>, on?: Record<string, (event: Event) => void> } & Record<string, unknown>} Props
 */

/**
 * An element with properties (className, type, value, disabled, hidden ...),
 * attributes under `attrs` (aria-*, data-*, for ...), listeners under `on`,
 * and children that are nodes or text.
 * @param {string} tag
 * @param {Props} [props]
 * @param {...Child} children
 * @returns {HTMLElement}
 */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  const { attrs = {}, on = {}, ...rest } = props;
  for (const [name, value] of Object.entries(rest)) {
    if (value !== undefined) /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (element))[name] = value;
  }
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== false) element.setAttribute(name, String(value));
  }
  for (const [event, listener] of Object.entries(on)) element.addEventListener(event, listener);
  append(element, children);
  return element;
}

/**
 * @param {HTMLElement} element
 * @param {Child[]} children
 */
function append(element, children) {
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * Replaces the element's children.
 * @param {HTMLElement} element
 * @param {...Child} children
 */
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

/**
 * The page's element with this id (the page holds every id the modules ask for).
 * @param {string} id
 */
export const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * The page's form field with this id: an input, a select or a textarea, whose value is read and set.
 * @param {string} id
 */
export const fieldById = (id) => /** @type {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} */ (byId(id));

const LIMIT_ATTRIBUTES = { minimum: 'min', maximum: 'max', minLength: 'minlength', maxLength: 'maxlength' };

/**
 * Gives a form field the limits its control route keeps, so the browser says
 * so before anything is sent (the route's schema is where they are written).
 * @param {HTMLElement} field
 * @param {Record<string, number> | undefined} limits
 */
export function limit(field, limits = {}) {
  for (const [keyword, attribute] of Object.entries(LIMIT_ATTRIBUTES)) {
    if (limits[keyword] !== undefined) field.setAttribute(attribute, String(limits[keyword]));
  }
}

/** @type {WeakMap<HTMLElement, string>} */
const shown = new WeakMap();

/**
 * Fills the element from `data` only when the data changed since it was last
 * shown, so a refresh with nothing new keeps focus, selection and buttons as they are.
 * @template T
 * @param {HTMLElement} element
 * @param {T} data
 * @param {(data: T) => Child} build
 */
export function fillFrom(element, data, build) {
  const text = JSON.stringify(data);
  if (shown.get(element) === text) return element;
  shown.set(element, text);
  return fill(element, build(data));
}

/**
 * Pretty JSON as text.
 * @param {unknown} value
 * @param {string} label
 */
export function jsonBlock(value, label) {
  return h('pre', { className: 'json', tabIndex: 0, attrs: { 'aria-label': label } }, JSON.stringify(value, null, 2));
}

/**
 * A table with a header row; rows are arrays of cells (nodes or text). Each
 * cell carries its column's name (data-label): on a narrow screen the rows
 * stack as cards of labelled lines (style.css), since columns squeezed to a
 * phone's width would break their words. The roles keep it a table for
 * screen readers once CSS has made its parts blocks.
 * @param {string} caption
 * @param {string[]} headers
 * @param {Child[][]} rows
 * @param {{ className?: string }} [options] `fields` for a table of field names and values
 */
export function table(caption, headers, rows, { className = '' } = {}) {
  return h(
    'div',
    { className: 'table-wrap' },
    h(
      'table',
      { className, attrs: { role: 'table' } },
      h('caption', { className: 'visually-hidden' }, caption),
      h(
        'thead',
        { attrs: { role: 'rowgroup' } },
        h(
          'tr',
          { attrs: { role: 'row' } },
          headers.map((name) => h('th', { attrs: { scope: 'col', role: 'columnheader' } }, name)),
        ),
      ),
      h(
        'tbody',
        { attrs: { role: 'rowgroup' } },
        rows.map((cells) =>
          h(
            'tr',
            { attrs: { role: 'row' } },
            // One box for a cell's content: the narrow layout's grid holds the label and it.
            cells.map((cell, index) =>
              h(
                'td',
                { attrs: { role: 'cell', 'data-label': headers[index] ?? '' } },
                h('div', {}, typeof cell === 'string' ? keepDates(cell) : cell),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

const DATE = /\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}:\d{2})?/g;

/**
 * A text with each date (and date-time) in it kept on one line: a line may
 * break after any hyphen, and "2027-01-" above "23" reads as two things.
 * @param {string} text
 * @returns {Leaf[]}
 */
export function keepDates(text) {
  /** @type {Leaf[]} */
  const parts = [];
  let at = 0;
  for (const match of text.matchAll(DATE)) {
    parts.push(text.slice(at, match.index), h('span', { className: 'date' }, match[0]));
    at = (match.index ?? 0) + match[0].length;
  }
  parts.push(text.slice(at));
  return parts.filter((part) => part !== '');
}

/**
 * Buttons to turn the pages of a list, and where the list is.
 * @param {string} label what is paged, for screen readers
 * @param {string} where the page's place, such as "Page 2 of 5"
 * @param {{ newer: (() => void) | false, older: (() => void) | false }} turn false where there is no such page
 */
export function pager(label, where, turn) {
  return h(
    'nav',
    { className: 'pager', attrs: { 'aria-label': label } },
    button('Newer', turn.newer || (() => {}), { disabled: !turn.newer }),
    h('span', { attrs: { role: 'status' } }, where),
    button('Older', turn.older || (() => {}), { disabled: !turn.older }),
  );
}

/**
 * A small button that runs `action` on click.
 * @param {Child} label
 * @param {() => unknown} action
 * @param {Props} [props]
 */
export function button(label, action, props = {}) {
  return h('button', { type: 'button', ...props, on: { click: action } }, label);
}

/**
 * Shows a message in the element (role=alert or status in the page), or hides it.
 * @param {HTMLElement} element
 * @param {string} [message]
 */
export function say(element, message) {
  element.textContent = message ?? '';
  element.hidden = !message;
}
