// @ts-check
// Webhooks: the session's receivers, and every delivery with its attempts; a delivery can be sent again.
import { control } from './api.js';
import { button, byId, fieldById, fillFrom, h, table } from './dom.js';

/** @typedef {import('../src/generated/wire.js').WebhooksRoute['answers']['200']} Hooks */
/** @typedef {import('../src/generated/wire.js').DeliveriesRoute['answers']['200']} Deliveries */

export const live = true;
/** Deliveries shown, newest first. */
const SHOWN = 50;

/** @param {import('./main.js').Ctx} ctx */
export function init(ctx) {
  byId('webhook-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const url = fieldById('webhook-url').value.trim();
    const secret = fieldById('webhook-secret').value;
    ctx.act(() => control('POST', '/webhooks', { url, ...(secret && { secret }) }));
  });
  byId('webhooks-clear').addEventListener('click', () => ctx.act(() => control('DELETE', '/webhooks')));
}

/** @param {import('./main.js').Ctx} ctx */
export async function refresh(ctx) {
  const { webhooks } = /** @type {Hooks} */ (await control('GET', '/webhooks'));
  const answer = /** @type {Deliveries} */ (await control('GET', `/webhooks/deliveries?limit=${SHOWN}`));
  const deliveries = [...answer.deliveries].reverse();
  fillFrom(byId('webhooks-list'), { webhooks, deliveries }, () => [
    webhooks.length
      ? table(
          'Webhooks',
          ['id', 'url', 'events', 'body', 'timestamp'],
          webhooks.map((hook) => [
            String(hook.id),
            hook.url,
            hook.events.length ? hook.events.join(', ') : 'every event',
            hook.contentType,
            hook.timestamp,
          ]),
        )
      : h('p', { className: 'muted' }, 'No webhook: events are raised and listed, and sent nowhere.'),
    h(
      'p',
      { className: 'muted', attrs: { role: 'status' } },
      `${answer.pending} pending; the newest ${deliveries.length} deliveries, newest first`,
    ),
    deliveries.length
      ? table(
          'Deliveries, newest first',
          ['id', 'event', 'state', 'attempts', 'body', ''],
          deliveries.map((d) => [
            String(d.id),
            d.event,
            h('span', { className: d.state === 'failed' ? 'error' : d.state === 'pending' ? 'muted' : '' }, d.state),
            d.attempts.map((a) => (a.status === null ? (a.error ?? 'no answer') : String(a.status))).join(', ') || 'none yet',
            h('code', {}, d.body.length > 120 ? `${d.body.slice(0, 120)}...` : d.body),
            d.state === 'pending'
              ? ''
              : button('Send again', () => ctx.act(() => control('POST', `/webhooks/deliveries/${d.id}/redeliver`))),
          ]),
        )
      : null,
  ]);
}
