// @ts-check
// The outbox: the e-mails billsim would have sent, with links to the records they are about.
import { control, query } from './api.js';
import { byId, fieldById, fillFrom, h, pager, table } from './dom.js';

/** @typedef {import('../src/generated/wire.js').EmailsRoute['answers']['200']} Outbox */

export const live = false;
// Months of simulated time send dozens of e-mails: a page at a time keeps the section short.
const PER_PAGE = 20;
let page = 0;

/** @param {import('./main.js').Ctx} ctx */
export function init(ctx) {
  byId('outbox-form').addEventListener('submit', (event) => {
    event.preventDefault();
    page = 0;
    ctx.refresh();
  });
  byId('outbox-clear').addEventListener('click', () => ctx.act(() => control('DELETE', '/emails')));
}

/** @param {import('./main.js').Ctx} ctx */
export async function refresh(ctx) {
  const { emails } = /** @type {Outbox} */ (await control('GET', `/emails${query({ to: fieldById('outbox-to').value.trim() })}`));
  const pages = Math.max(Math.ceil(emails.length / PER_PAGE), 1);
  page = Math.min(page, pages - 1);
  const shown = emails.slice(page * PER_PAGE, (page + 1) * PER_PAGE);
  /** @param {number} to */
  const turn = (to) => () => {
    page = to;
    void ctx.refresh();
  };
  fillFrom(byId('outbox-list'), { emails, page }, () => [
    h('p', { className: 'muted', attrs: { role: 'status' } }, `${emails.length} e-mail${emails.length === 1 ? '' : 's'}, newest first`),
    shown.length
      ? table(
          'E-mails, newest first',
          ['date', 'to', 'subject', 'template', 'about'],
          shown.map((email) => [
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
    pages > 1
      ? pager('Pages of the outbox', `Page ${page + 1} of ${pages}`, {
          newer: page > 0 && turn(page - 1),
          older: page + 1 < pages && turn(page + 1),
        })
      : null,
  ]);
}

export function reset() {
  page = 0;
}
