// @ts-check
// The dashboard's entry: one section shown at a time (the URL's #hash), the
// session picked in the header, and a tick every second that reads the clock
// (so a stopped server shows at once) and refreshes the open section when it
// is a live one (requests, faults, stubs, clock).
import { ControlFailure, ServerGone, control, meta, on, session, setSession, setToken } from './api.js';
import { button, byId, fieldById, h, say } from './dom.js';
import { pointsSomewhere, target } from './refs.js';
import * as clock from './clock.js';
import * as faults from './faults.js';
import * as outbox from './outbox.js';
import * as webhooks from './webhooks.js';
import * as requests from './requests.js';
import * as sessions from './sessions.js';
import * as snapshots from './snapshots.js';
import * as state from './state.js';
import * as stubs from './stubs.js';

/**
 * What every section is given: the page's facts from the server, and what it can ask of the page.
 * @typedef {object} Ctx
 * @property {import('./api.js').Meta} meta
 * @property {() => Promise<void>} refresh refreshes the open section now
 * @property {(change: () => Promise<unknown>, where?: HTMLElement) => Promise<void>} act
 * @property {() => void} changed
 * @property {(name: string) => void} use
 * @property {(field: string, value: unknown, from?: string, options?: { labelled?: boolean }) => HTMLElement | null | undefined} link
 * @property {(id: string | number) => HTMLElement} stub
 * @property {() => string | undefined} today the session clock's day (YYYY-MM-DD), as last read
 */

/**
 * A section of the page, one module each.
 * @typedef {object} Section
 * @property {boolean} live refreshed every second while it is shown
 * @property {(ctx: Ctx) => Promise<void>} refresh
 * @property {(ctx: Ctx) => void} [init]
 * @property {() => void} [reset] forgets what it showed (the session's state changed)
 */

/** @type {Record<string, Section>} */
const sections = { requests, faults, stubs, clock, snapshots, state, outbox, webhooks, sessions };
const TICK_MS = 1000;
let current = 'requests';
let busy = false;
/** @type {Map<HTMLElement, number>} the sections being fetched again, with how many fetches each awaits */
const fetching = new Map();

/** @type {Ctx} */
const ctx = {
  // Read from the server before any section starts (start() below).
  meta: /** @type {import('./api.js').Meta} */ (/** @type {unknown} */ (undefined)),
  /** Refreshes the open section now. */
  refresh: () => refresh(),
  /** Runs a change, shows a refusal's message (in `where`, or the page's notice), then refreshes. */
  async act(change, where = byId('notice')) {
    try {
      await change();
      say(where);
      if (where !== byId('notice')) say(byId('notice'));
    } catch (error) {
      if (!(error instanceof ServerGone)) say(where, /** @type {Error} */ (error).message);
    }
    await refresh();
  },
  /** The session's whole state changed (reset, restore): sections forget what they showed. */
  changed() {
    for (const section of Object.values(sections)) section.reset?.();
  },
  /** Shows another session. */
  use(name) {
    setSession(name);
    fieldById('session').value = name;
    ctx.changed();
    void refresh();
  },
  /** A button opening the record a reference field points at; a labelled one says the field. */
  link(field, value, from = '', { labelled = true } = {}) {
    if (!pointsSomewhere(value)) return labelled ? null : undefined;
    const to = target(field, from, Object.keys(ctx.meta.fields));
    if (!to) return labelled ? h('span', {}, `${field} ${value}`) : undefined;
    return button(labelled ? `${field} ${value}` : String(value), () => show('state', () => state.openRecord(ctx, to, String(value))), {
      className: 'link',
      attrs: { 'aria-label': `Open ${to} ${value}` },
    });
  },
  /** A button opening the Stubs section at the stub that answered a request. */
  stub(id) {
    return button(`stub ${id}`, () => show('stubs', () => stubs.openStub(ctx, String(id))), {
      className: 'link',
      attrs: { 'aria-label': `Open stub ${id}` },
    });
  },
  today: () => clock.today(),
};

/**
 * Shows a section (and runs `then` once it is shown, e.g. opening a record).
 * @param {string} name
 * @param {() => Promise<void>} [then]
 */
function show(name, then) {
  if (location.hash !== `#${name}`) history.pushState(null, '', `#${name}`);
  select(name);
  if (then) void then();
  else void refresh();
}

/** @param {string} name */
function select(name) {
  current = sections[name] ? name : 'requests';
  for (const key of Object.keys(sections)) byId(key).hidden = key !== current;
  for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll('nav a'))) {
    if (link.hash === `#${current}`) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

async function refresh() {
  // The section is aria-busy while it is fetched again: assistive technology (and the
  // browser tests) can tell a section being redrawn from one that settled.
  const shown = byId(current);
  fetching.set(shown, (fetching.get(shown) ?? 0) + 1);
  shown.setAttribute('aria-busy', 'true');
  try {
    await sections[current].refresh(ctx);
  } catch (error) {
    if (error instanceof ControlFailure && error.status !== 401) say(byId('notice'), error.message);
    else if (!(error instanceof ServerGone) && !(error instanceof ControlFailure)) throw error;
  } finally {
    const left = (fetching.get(shown) ?? 1) - 1;
    if (left) fetching.set(shown, left);
    else {
      fetching.delete(shown);
      shown.removeAttribute('aria-busy');
    }
  }
}

async function tick() {
  if (!busy) {
    busy = true;
    try {
      clock.show(/** @type {import('./clock.js').ClockState} */ (await control('GET', '/clock')));
      if (sections[current].live) await refresh();
    } catch {
      // Shown by the connection banner or the token form.
    } finally {
      busy = false;
    }
  }
  setTimeout(tick, TICK_MS);
}

/** @param {boolean} up */
function connection(up) {
  say(
    byId('gone'),
    up
      ? ''
      : `billsim is not answering at ${location.origin}. Start it again: this page reconnects by itself (state in memory starts from the seed).`,
  );
  document.body.classList.toggle('offline', !up);
  if (up) void refresh();
}

function askToken() {
  const form = byId('token-form');
  if (!form.hidden) return;
  form.hidden = false;
  byId('token').focus();
}

async function start() {
  // ?session=<name> in the address picks the session (a link to one session's view).
  const asked = new URLSearchParams(location.search).get('session');
  if (asked) setSession(asked);
  fieldById('session').value = session();
  byId('session-form').addEventListener('submit', (event) => {
    event.preventDefault();
    ctx.use(fieldById('session').value.trim());
  });
  byId('token-form').addEventListener('submit', (event) => {
    event.preventDefault();
    setToken(fieldById('token').value);
    fieldById('token').value = '';
    byId('token-form').hidden = true;
    void refresh();
  });
  on('connection', connection);
  on('token', askToken);
  while (!ctx.meta) {
    try {
      ctx.meta = await meta();
    } catch {
      connection(false);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
  for (const section of Object.values(sections)) section.init?.(ctx);
  window.addEventListener('hashchange', () => show(location.hash.slice(1)));
  select(location.hash.slice(1));
  // The clock first, so the journal knows which day is today on its first showing.
  try {
    clock.show(/** @type {import('./clock.js').ClockState} */ (await control('GET', '/clock')));
  } catch {
    // Shown by the connection banner or the token form.
  }
  await refresh();
  document.body.classList.add('ready');
  void tick();
}

void start();
