// Stub templates within their budget (src/session/templates.ts): what is
// refused when a stub is stored, work and output that stop where the budget
// ends (counted by the items a loop read, not by time), and nothing written to
// the process's streams.
import t from 'tap';
import { compileTemplate, TEMPLATE_LIMITS, withinBudget } from '../../src/session/templates.js';
import { compileAnswer, stubAnswer } from '../../src/session/stubs.js';
import { FROZEN_NOW } from '../helpers/app.js';

/** A list of `size` items that counts how many times an item is read. */
function countedList(size: number): { list: string[]; reads: () => number } {
  let reads = 0;
  const items = Array.from({ length: size }, (_, i) => String(i));
  const list = new Proxy(items, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { list, reads: () => reads };
}

const fill = (text: string, params: object) => {
  const compiled = compileTemplate(text);
  if (typeof compiled === 'string') throw new Error(compiled);
  return withinBudget(() => compiled({ params, call: 'x', server_time: 0, now: '' }));
};

t.test('three nested loops over a 1,000-item parameter stop once the budget is spent, not after a billion passes', async (t) => {
  const { list, reads } = countedList(1000);
  t.throws(() => fill('{{#each params.a}}{{#each @root.params.a}}{{#each @root.params.a}}x{{/each}}{{/each}}{{/each}}', { a: list }), {
    name: 'Error',
    message: /^filling it in takes more than 100000 steps/,
  });
  t.ok(reads() <= TEMPLATE_LIMITS.steps, `the loops read ${reads()} items, within the budget's steps`);
  t.ok(reads() > 1000, 'the inner loops did run');
});

t.test('a block over a list is counted as #each is', async (t) => {
  const { list, reads } = countedList(1000);
  t.throws(
    () => fill('{{#params.a}}{{#@root.params.a}}{{#@root.params.a}}x{{/@root.params.a}}{{/@root.params.a}}{{/params.a}}', { a: list }),
    {
      message: /takes more than 100000 steps/,
    },
  );
  t.ok(reads() <= TEMPLATE_LIMITS.steps);
});

t.test('a pass costs the expressions inside it: a long loop body reaches the budget in fewer passes', async (t) => {
  const { list, reads } = countedList(1000);
  const body = '{{this}}{{@index}}'.repeat(60);
  t.throws(() => fill(`{{#each params.a}}{{#each @root.params.a}}${body}{{/each}}{{/each}}`, { a: list }), { message: /100000 steps/ });
  t.ok(reads() < 2000, `${reads()} items read: far fewer passes than a bare loop gets`);
});

t.test('output is counted as it grows: a loop writing a large parameter stops at 4 MB', async (t) => {
  const { list, reads } = countedList(1000);
  const big = 'y'.repeat(100_000);
  t.throws(() => fill('{{#each params.a}}{{@root.params.big}}{{/each}}', { a: list, big }), {
    message: `its templates write more than ${TEMPLATE_LIMITS.output} characters (4 MB) for this request`,
  });
  t.ok(reads() <= Math.ceil(TEMPLATE_LIMITS.output / big.length) + 1, `stopped after ${reads()} passes, not 1,000`);
});

t.test('a template repeating a parameter is refused once its text passes the limit, across all of an answer', async (t) => {
  const stub = { id: '9', call: 'x', answer: { a: '{{params.b}}'.repeat(30), b: ['{{params.b}}', '{{params.b}}'] } };
  const b = 'z'.repeat(140_000);
  t.throws(() => stubAnswer(stub, { params: { b }, call: 'x', now: FROZEN_NOW }), { message: /write more than 4194304 characters/ });
  const fits = stubAnswer(stub, { params: { b: 'z'.repeat(100_000) }, call: 'x', now: FROZEN_NOW });
  t.equal((fits.a as string).length, 3_000_000, 'below the limit the whole answer is written');
});

t.test('a loop within the budget is filled in whole, with its data', async (t) => {
  t.equal(fill('{{#each params.a}}[{{@index}}:{{this}}{{#if @last}}!{{/if}}]{{else}}none{{/each}}', { a: ['p', 'q'] }), '[0:p][1:q!]');
  t.equal(fill('{{#each params.a}}x{{else}}none{{/each}}', { a: [] }), 'none');
  t.equal(fill('{{#each params.o}}{{@key}}={{this}};{{/each}}', { o: { k: 'v', l: 'w' } }), 'k=v;l=w;');
  const { list } = countedList(1000);
  t.equal(fill('{{#each params.a}}{{this}},{{/each}}', { a: list }).split(',').length, 1001, 'a thousand items');
});

t.test('what a stored stub may not hold is refused with where it is and the limit', async (t) => {
  const nested = `${'{{#if a}}'.repeat(9)}x${'{{/if}}'.repeat(9)}`;
  const cases: [string, Record<string, unknown>, string][] = [
    [
      'too many expressions',
      { x: '{{a}}'.repeat(150), y: ['{{b}}'.repeat(51)] },
      "answer's templates hold 201 expressions ({{...}}); a stub's hold at most 200",
    ],
    ['blocks nested too deep', { list: [nested] }, 'answer.list[0] nests blocks more than 8 deep'],
    ['a partial', { x: 'a {{> other}}' }, 'answer.x uses a partial ({{> name}}), and stubs have none'],
    [
      'an inline partial',
      { x: '{{#*inline "p"}}{{> p}}{{/inline}}{{> p}}' },
      'answer.x uses an inline partial ({{#* inline}}), and stubs have none',
    ],
    ['a partial block', { x: '{{#> layout}}x{{/layout}}' }, 'answer.x uses a partial block ({{#> name}}), and stubs have none'],
    ['a decorator', { x: '{{* decorate}}' }, 'answer.x uses a decorator ({{* name}}), and stubs have none'],
  ];
  for (const [name, answer, problem] of cases) t.strictSame(compileAnswer(answer), { problems: [problem] }, name);
  let deep: unknown = 'x';
  for (let i = 0; i < 40; i++) deep = { deeper: deep };
  t.strictSame(compileAnswer({ deep }), { problems: ['answer nests more than 32 levels of objects and lists'] });
  t.strictSame(
    Object.keys(compileAnswer({ x: `${'{{#if a}}'.repeat(8)}x${'{{/if}}'.repeat(8)}`, y: '{{a}}'.repeat(184) })),
    ['render'],
    'at the limits',
  );
});

t.test('templates write nothing to stdout or stderr, prototype properties read as empty', async (t) => {
  const written: string[] = [];
  const streams = [process.stdout, process.stderr] as const;
  const originals = streams.map((stream) => stream.write);
  const consoles = { error: console.error, warn: console.warn, log: console.log, info: console.info };
  for (const stream of streams) {
    stream.write = ((chunk: unknown) => {
      written.push(String(chunk));
      return true;
    }) as typeof stream.write;
  }
  for (const name of Object.keys(consoles) as (keyof typeof consoles)[])
    console[name] = (...args: unknown[]) => written.push(args.join(' '));
  let answer: Record<string, unknown>;
  try {
    const stub = {
      id: '1',
      call: 'x',
      // Handlebars warns once a process for each name: names no other test reads.
      answer: {
        a: '{{isPrototypeOf}}|{{constructor}}|{{__proto__}}|{{propertyIsEnumerable}}|{{params.a.toLocaleString}}|{{params.constructor.name}}|{{log "x"}}',
      },
    };
    answer = stubAnswer(stub, { params: { a: ['1'] }, call: 'x', now: FROZEN_NOW });
  } finally {
    streams.forEach((stream, i) => {
      stream.write = originals[i];
    });
    Object.assign(console, consoles);
  }
  t.strictSame(answer, { a: '||||||' });
  t.strictSame(written, [], 'nothing reached the streams');
});
