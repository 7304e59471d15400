// The session's snapshots: save the whole state under a name, restore it, delete it.
import { control } from './api.js';
import { byId, button, fillFrom, h, say, table } from './dom.js';

export const live = false;

export function init(ctx) {
  byId('snapshot-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const name = byId('snapshot-name').value.trim();
    ctx.act(async () => {
      const saved = await control('POST', `/snapshots/${encodeURIComponent(name)}`);
      say(byId('snapshot-message'), `Saved "${saved.saved}" at ${saved.savedAt}.`);
    });
  });
}

export async function refresh(ctx) {
  const { snapshots } = await control('GET', '/snapshots');
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
