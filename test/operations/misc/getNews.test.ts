import t from 'tap';
import { build, readContext } from '../../helpers/app.js';
import { idOrder } from '../../helpers/shapes.js';
import { refusals } from '../../helpers/refusals.js';
import { read, readEverywhere } from '../../helpers/reads.js';
import getNews from '../../../src/operations/misc/getNews.js';
import { newsPreview as preview } from '../../../src/domain/news.js';
import { Seed, World } from '../../../src/store/world.js';
import { loadFixtures } from '../../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../../src/paths.js';

t.test('getNews lists every item newest first with a shortened content', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getNews', {});
  const news = result.news as Record<string, string>[];
  idOrder(t, news, ['5', '4', '3', '2', '1'], 'disabled items are listed too');
  t.strictSame(news[0], {
    id: '5',
    title: 'Black Friday: 50% off your first year of hosting',
    content: 'From Friday 27 November to Monday 30 November 2026, every shared hosting and VPS plan ordered for a ...',
    enable: '0',
    date: '2026-11-02',
  });
  t.strictSame(news[1], {
    id: '4',
    title: 'Price update for .io domains',
    content: 'The .io registry has announced a wholesale price increase that takes effect on 1 January 2027.\r\n\r\nFr...',
    enable: '0',
    date: '2026-09-08',
  });
  t.strictSame(Object.keys(news[4]), ['id', 'title', 'content', 'enable', 'date'], "fields in the real answer's order");
  t.strictSame(result.sorter, { perpage: 25, totalpages: 1, sorterrecords: 5, sorterpage: 1 });
});

t.test('getNews pages from 0 with perpage', async (t) => {
  const app = await build(t);
  const pages = [];
  for (const page of ['0', '1', '2', '3']) {
    const result = await read(t, app, 'getNews', { page, perpage: '2' });
    pages.push({ ids: (result.news as { id: string }[]).map((n) => n.id), sorter: result.sorter });
  }
  t.strictSame(pages, [
    { ids: ['5', '4'], sorter: { perpage: 2, totalpages: 3, sorterrecords: 5, sorterpage: 1 } },
    { ids: ['3', '2'], sorter: { perpage: 2, totalpages: 3, sorterrecords: 5, sorterpage: 2 } },
    { ids: ['1'], sorter: { perpage: 2, totalpages: 3, sorterrecords: 5, sorterpage: 3 } },
    { ids: [], sorter: { perpage: 2, totalpages: 3, sorterrecords: 5, sorterpage: 4 } },
  ]);
});

refusals('getNews rejects a malformed page or perpage', 'getNews', [
  [{ page: 'abc' }, 'Parameter page must be a page number counted from 0'],
  [{ perpage: '0' }, 'Parameter perpage must be a page size from 1 to 1000'],
]);

t.test('getNews orders items of the same date by id, newest first', async (t) => {
  const data = loadFixtures(defaultFixturesDir);
  const same = { title: 'Same day', content: 'Short.', enable: '1' as const, date: '2026-11-02' };
  const world = new World(new Seed({ ...data, news: [...data.news, { id: '6', ...same }, { id: '7', ...same }] }));
  const result = getNews.run({}, readContext(world));
  t.strictSame(
    result.news.map((n) => n.id),
    ['7', '6', '5', '4', '3', '2', '1'],
  );
  t.equal(result.news[0].content, 'Short.', 'a short text is not cut and gets no "..."');
});

t.test('preview keeps 100 characters and cuts longer texts after the 100th', async (t) => {
  const hundred = 'x'.repeat(100);
  t.equal(preview(hundred), hundred);
  t.equal(preview(`${hundred}y`), `${hundred}...`);
  t.equal(preview(''), '');
  const euros = `${'€'.repeat(99)}😀😀`;
  t.equal(preview(euros), `${'€'.repeat(99)}😀...`, 'counts characters, never splitting one');
});
