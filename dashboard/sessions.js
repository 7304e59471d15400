// @ts-check
// The sessions billsim holds: pick one, delete one, reset one or all.
import { control, session } from './api.js';
import { byId, button, fill, fillFrom, h, say, table } from './dom.js';

/** @typedef {import('../src/generated/wire.js').ResetRoute['answers']['200']} Reset */
/** @typedef {import('../src/generated/wire.js').SessionsRoute['answers']['200']} Sessions */

export const live = false;

/** @param {import('./main.js').Ctx} ctx */
export function init(ctx) {
  const message = byId('sessions-message');
  byId('reset-one').addEventListener('click', () =>
    ctx.act(async () => {
      const { reset } = /** @type {Reset} */ (await control('POST', '/reset'));
      ctx.changed();
      say(message, `Reset ${reset.join(', ')} to the seed.`);
    }),
  );
  byId('reset-all').addEventListener('click', () =>
    ctx.act(async () => {
      const { reset } = /** @type {Reset} */ (await control('POST', '/reset?all=1'));
      ctx.changed();
      say(message, `Reset ${reset.length} session${reset.length === 1 ? '' : 's'} to the seed.`);
    }),
  );
}

/** @param {import('./main.js').Ctx} ctx */
export async function refresh(ctx) {
  const { sessions } = /** @type {Sessions} */ (await control('GET', '/sessions'));
  const current = session();
  const names = byId('session-names');
  fill(
    names,
    sessions.map((s) => h('option', { value: s.name })),
  );
  fillFrom(byId('sessions-list'), { sessions, current }, () =>
    table(
      'Sessions',
      ['name', 'created', 'requests', 'snapshots', '', ''],
      sessions.map((s) => [
        s.name === current ? h('strong', {}, `${s.name} (shown)`) : s.name,
        s.createdAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'),
        String(s.requests),
        s.snapshots.join(', ') || '-',
        button('Show', () => ctx.use(s.name), { disabled: s.name === current, attrs: { 'aria-label': `Show session ${s.name}` } }),
        s.name === 'default'
          ? ''
          : button(
              'Delete',
              () =>
                ctx.act(async () => {
                  await control('DELETE', `/sessions/${encodeURIComponent(s.name)}`, undefined);
                  if (s.name === current) ctx.use('default');
                }),
              { attrs: { 'aria-label': `Delete session ${s.name}` } },
            ),
      ]),
    ),
  );
}
