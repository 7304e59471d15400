// The outbox: the e-mails billsim would have sent, with links to the records they are about.
import { control, query } from './api.js';
import { byId, fillFrom, h, table } from './dom.js';

export const live = false;

export function init(ctx) {
  byId('outbox-form').addEventListener('submit', (event) => {
    event.preventDefault();
    ctx.refresh();
  });
  byId('outbox-clear').addEventListener('click', () => ctx.act(() => control('DELETE', '/emails')));
}

export async function refresh(ctx) {
  const { emails } = await control('GET', `/emails${query({ to: byId('outbox-to').value.trim() })}`);
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
