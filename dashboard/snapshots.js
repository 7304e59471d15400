// @ts-check
// The session's snapshots: save the whole state under a name, restore it, delete it.
import { control } from './api.js';
import { byId, button, fieldById, fillFrom, h, limit, say, table } from './dom.js';

/** @typedef {import('../src/generated/wire.js').SnapshotSaved} SnapshotSaved */
/** @typedef {import('../src/generated/wire.js').SnapshotsRoute['answers']['200']} Snapshots */

export const live = false;

/** @param {import('./main.js').Ctx} ctx */
export function init(ctx) {
  limit(byId('snapshot-name'), ctx.meta.limits.snapshot.name);
  byId('snapshot-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const name = fieldById('snapshot-name').value.trim();
    ctx.act(async () => {
      const saved = /** @type {SnapshotSaved} */ (await control('POST', `/snapshots/${encodeURIComponent(name)}`));
      say(byId('snapshot-message'), `Saved "${saved.saved}" at ${saved.savedAt}.`);
    });
  });
}

/** @param {import('./main.js').Ctx} ctx */
export async function refresh(ctx) {
  const { snapshots } = /** @type {Snapshots} */ (await control('GET', '/snapshots'));
  /** @param {string} name */
  const path = (name) => `/snapshots/${encodeURIComponent(name)}`;
  fillFrom(byId('snapshots-list'), snapshots, () =>
    snapshots.length
      ? table(
          'Snapshots of this session',
          ['name', 'saved at (session clock)', '', ''],
          snapshots.map((snapshot) => [
            snapshot.name,
            snapshot.savedAt,
            button(
              'Restore',
              () =>
                ctx.act(async () => {
                  await control('POST', `${path(snapshot.name)}/restore`);
                  ctx.changed();
                  say(byId('snapshot-message'), `Restored "${snapshot.name}".`);
                }),
              { attrs: { 'aria-label': `Restore snapshot ${snapshot.name}` } },
            ),
            button(
              'Delete',
              () =>
                ctx.act(async () => {
                  await control('DELETE', path(snapshot.name));
                  say(byId('snapshot-message'), `Deleted "${snapshot.name}".`);
                }),
              { attrs: { 'aria-label': `Delete snapshot ${snapshot.name}` } },
            ),
          ]),
        )
      : h('p', { className: 'muted' }, 'No snapshot in this session yet.'),
  );
}
