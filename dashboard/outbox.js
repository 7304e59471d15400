// @ts-check
// The outbox: the e-mails billsim would have sent, with links to the records they are about.
import { control, query } from './api.js';
import { byId, fieldById, fillFrom, h, table } from './dom.js';

/** @typedef {import('../src/generated/wire.js').EmailsRoute['answers']['200']} Outbox */

export const live = false;

/** @param {import('./main.js').Ctx} ctx */
export function init(ctx) {
  byId('outbox-form').addEventListener('submit', (event) => {
    event.preventDefault();
    ctx.refresh();
  });
  byId('outbox-clear').addEventListener('click', () => ctx.act(() => control('DELETE', '/emails')));
}

/** @param {import('./main.js').Ctx} ctx */
export async function refresh(ctx) {
  const { emails } = /** @type {Outbox} */ (await control('GET', `/emails${query({ to: fieldById('outbox-to').value.trim() })}`));
  fillFrom(byId('outbox-list'), emails, () => [
    h('p', { className: 'muted', attrs: { role: 'status' } }, `${emails.length} e-mail${emails.length === 1 ? '' : 's'}, newest first`),
    emails.length
      ? table(
          'E-mails, newest first',
          ['date', 'to', 'subject', 'template', 'about'],
          emails.map((email) => [
            email.date,
            email.to,
            email.subject,
            email.template,
            h(
              'span',
              { className: 'refs' },
              ctx.link('client_id', email.client_id),
              Object.entries(email.related).map(([field, id]) => ctx.link(field, id)),
            ),
          ]),
        )
      : null,
  ]);
}
