import t from 'tap';
import { build } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { read, readEverywhere } from '../../helpers/reads.js';

t.test('getNewsItem answers one news item with its full text', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getNewsItem', { id: '1' });
  t.strictSame(result, {
    newsitem: {
      id: '1',
      title: 'New data centre in Amsterdam',
      content:
        'We are happy to announce that our new Amsterdam location is now live. VPS plans can be deployed there ' +
        'today from the VPS Hosting order page, with the same prices as our New York location.\r\n\r\n' +
        'The facility is ISO 27001 certified, runs on 100% renewable energy and connects to AMS-IX with redundant ' +
        '100 Gbps uplinks. Latency to most of Western Europe stays under 15 ms.\r\n\r\n' +
        'Existing customers who want to move a VPS to Amsterdam can open a ticket with the Sales department: ' +
        'migrations between our locations are free until the end of March 2026.',
      enable: '1',
      date: '2026-01-12',
    },
  });
  t.strictSame(Object.keys(result.newsitem as object), ['id', 'title', 'content', 'enable', 'date'], 'real key order');
});

t.test('getNewsItem shows a disabled item too', async (t) => {
  const app = await build(t);
  const result = await read(t, app, 'getNewsItem', { id: '4' });
  const item = result.newsitem as Record<string, unknown>;
  t.equal(item.enable, '0');
  t.equal(item.title, 'Price update for .io domains');
});

refusals('getNewsItem rejects a missing, malformed or unknown id', 'getNewsItem', [
  [{}, 'Parameter id is required'],
  [{ id: 'abc' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '0' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '999' }, 'News item 999 not found'],
]);
