// Stub templates: Handlebars, in an environment of their own, within a budget.
//
// A stub's string values are templates filled in from the request, on the
// event loop every session shares, so what one template may cost is bounded
// twice. When it is stored: a stub's templates hold at most so many
// expressions (compiling costs Handlebars 0.1 to 0.3 ms an expression), blocks nest only so deep, and there are no partials or
// decorators (partials that call one another multiply the work with no loop
// to count it). When it is filled in: every pass of a loop (#each, or a block
// over a list) costs the expressions inside it, counted over the whole
// answer, and the text written is counted as it grows; either over its limit
// stops the work there with an error. Nothing a template does reaches the
// process: `log` writes nothing, prototype properties read as empty and are
// not reported on stderr.
import { createRequire } from 'node:module';
import type Handlebars from 'handlebars';

/** The limits of one stub's templates; the stub schema's descriptions and the README state them. */
export const TEMPLATE_LIMITS = {
  /** `{{` in all of a stub's templates together. */
  expressions: 200,
  /** Blocks inside blocks in one template. */
  depth: 8,
  /** Work to fill in one answer: each pass of a loop costs the expressions (and their parts) inside it. */
  steps: 100_000,
  /** Characters the templates of one answer write in all. */
  output: 4 * 1024 * 1024,
} as const;

/** What stops a template while it is filled in: over its work or its output. */
export class TemplateBudgetError extends Error {}

/** A moment in the tokens YYYY, MM, DD, HH, mm, ss (UTC, as the API's dates); other text as it is. */
function formatMoment(date: Date, format: string): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  const parts: Record<string, string> = {
    YYYY: iso.slice(0, 4),
    MM: iso.slice(5, 7),
    DD: iso.slice(8, 10),
    HH: iso.slice(11, 13),
    mm: iso.slice(14, 16),
    ss: iso.slice(17, 19),
  };
  return format.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token]);
}

/**
 * Prototype properties stay out of reach (as by default) without Handlebars
 * writing a warning to stderr for each one a template names.
 */
const RUNTIME: Handlebars.RuntimeOptions = { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false };

type Position = { line: number; column: number };
type HelperOptions = { fn?: Program; loc?: { start: Position } } & Record<string, unknown>;
type Program = (context: unknown, options?: unknown) => string;

const at = (position: Position) => `${position.line}:${position.column}`;

/** The count of one render: work spent and text written, against TEMPLATE_LIMITS. */
class Budget {
  private steps = 0;
  /** Characters of the templates done. */
  written = 0;
  /** Characters of the loops still running, in the template being filled in. */
  open = 0;
  /** The cost of a pass of each block of the template being filled in, by where it starts. */
  weights = new Map<string, number>();
  /** The cost of a pass of a block not found in weights: the whole template's. */
  whole = 1;

  spend(cost: number): void {
    this.steps += cost;
    if (this.steps > TEMPLATE_LIMITS.steps) {
      throw new TemplateBudgetError(
        `filling it in takes more than ${TEMPLATE_LIMITS.steps} steps (each pass of a loop costs the expressions inside it): loop over fewer items`,
      );
    }
  }

  wrote(characters: number): void {
    if (characters > TEMPLATE_LIMITS.output) {
      throw new TemplateBudgetError(`its templates write more than ${TEMPLATE_LIMITS.output} characters (4 MB) for this request`);
    }
  }
}

let current: Budget | undefined;

// Handlebars is required with the first template compiled: a start whose world has
// no stub templates does not load it (bench/README.md, start-up).
const requireLazily = createRequire(import.meta.url);
let built: typeof Handlebars | undefined;
let loaded: typeof Handlebars | undefined;

/** The handlebars module itself, required on first use (its parser checks a template before it is compiled). */
function handlebarsModule(): typeof Handlebars {
  loaded ??= requireLazily('handlebars') as typeof Handlebars;
  return loaded;
}

/** billsim's own Handlebars environment, made on first use. */
function handlebars(): typeof Handlebars {
  if (built) return built;
  const environment = handlebarsModule().create();
  // The log helper would write to the server's console: here it writes nothing.
  environment.registerHelper('log', () => '');

  /** The most characters `{{json value}}` writes: the output budget counts the rest of the text. */
  const MAX_JSON = 1024 * 1024;

  // {{json params}}: a value as JSON text (an object or list a stub's text cannot otherwise show).
  environment.registerHelper('json', (value: unknown) => {
    const text = JSON.stringify(value === undefined ? null : value) ?? 'null';
    return text.length > MAX_JSON ? text.slice(0, MAX_JSON) : text;
  });
  // {{#if (eq params.id "5")}}: two values the same as text, as the API reads every parameter.
  environment.registerHelper('eq', (a: unknown, b: unknown) => String(a ?? '') === String(b ?? ''));
  // {{now}}, {{now "YYYY-MM-DD"}}, {{now "YYYY-MM-DD" days=30}}: the session's clock (the request's moment), formatted.
  environment.registerHelper('now', function (this: unknown, ...args: unknown[]) {
    const options = args.at(-1) as { hash?: Record<string, unknown>; data?: { root?: { server_time?: unknown } } };
    const format = typeof args[0] === 'string' && args.length > 1 ? args[0] : 'YYYY-MM-DD HH:mm:ss';
    const days = Number(options.hash?.days ?? 0);
    const seconds = Number(options.data?.root?.server_time ?? 0) + (Number.isFinite(days) ? Math.trunc(days) : 0) * 86_400;
    return formatMoment(new Date(seconds * 1000), format);
  });
  // Inline partials are the only partials a template could define: none.
  environment.unregisterDecorator('inline');
  const builtInEach = environment.helpers.each as (this: unknown, ...args: unknown[]) => string;

  // #each, and a block over a list (which Handlebars hands to this helper too),
  // count each pass against the render's budget before it runs, and what it
  // wrote after, so a loop over a large request stops where the budget ends.
  environment.registerHelper('each', function (this: unknown, ...args: unknown[]) {
    const options = args.at(-1) as HelperOptions | undefined;
    const budget = current;
    const fn = options?.fn;
    if (!budget || !options || typeof fn !== 'function') return builtInEach.apply(this, args);
    const cost = (options.loc && budget.weights.get(at(options.loc.start))) ?? budget.whole;
    const base = budget.open;
    let written = 0;
    const counted: Program = (context, passOptions) => {
      budget.spend(cost);
      const text = fn(context, passOptions);
      written += text.length;
      budget.open = base + written;
      budget.wrote(budget.written + budget.open);
      return text;
    };
    try {
      return builtInEach.apply(this, [...args.slice(0, -1), { ...options, fn: counted }]);
    } finally {
      budget.open = base;
    }
  });
  built = environment;
  return environment;
}

type Node = { type?: string; loc?: { start: Position } } & Record<string, unknown>;
const BLOCKS = new Set(['BlockStatement', 'DecoratorBlock', 'PartialBlockStatement']);
const REFUSED: Record<string, string> = {
  PartialStatement: 'a partial ({{> name}}), and stubs have none',
  PartialBlockStatement: 'a partial block ({{#> name}}), and stubs have none',
  Decorator: 'a decorator ({{* name}}), and stubs have none',
  DecoratorBlock: 'an inline partial ({{#* inline}}), and stubs have none',
};

/** The nodes inside a node (its program, its parameters, ...). */
function children(node: Node): Node[] {
  const found: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || typeof value !== 'object' || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'object' && item !== null && typeof (item as Node).type === 'string') found.push(item as Node);
    }
  }
  return found;
}

interface Checked {
  /** The cost of one pass of each block (the nodes inside it), by where it starts. */
  weights: Map<string, number>;
  /** The nodes of the whole template. */
  size: number;
}

/**
 * Walks a template's syntax tree (without recursion: no template can exhaust
 * the stack): a problem when it uses what stubs do not have or nests blocks
 * too deep, else the cost of a pass of each block.
 */
function checkTree(program: Node): Checked | string {
  const weights = new Map<string, number>();
  // Each entry: a node, its blocks' depth, and the blocks it is inside (whose sizes it adds to).
  const stack: [Node, number, Node[]][] = [[program, 0, []]];
  const sizes = new Map<Node, number>();
  let size = 0;
  while (stack.length > 0) {
    const [node, depth, inside] = stack.pop()!;
    const refused = REFUSED[node.type ?? ''];
    if (refused) return `uses ${refused}`;
    size++;
    for (const block of inside) sizes.set(block, (sizes.get(block) ?? 0) + 1);
    const isBlock = BLOCKS.has(node.type ?? '');
    const level = isBlock ? depth + 1 : depth;
    if (level > TEMPLATE_LIMITS.depth) return `nests blocks more than ${TEMPLATE_LIMITS.depth} deep`;
    const within = isBlock ? [...inside, node] : inside;
    // Pushed last to first, so the first problem in the text is the one named.
    for (const child of children(node).reverse()) stack.push([child, level, within]);
  }
  for (const [block, count] of sizes) if (block.loc) weights.set(at(block.loc.start), Math.max(1, count));
  return { weights, size };
}

export type Fill = (scope: object) => string;

/** The number of expressions (`{{`) in a text. */
export function expressions(text: string): number {
  let count = 0;
  for (let i = text.indexOf('{{'); i !== -1; i = text.indexOf('{{', i + 2)) count++;
  return count;
}

/**
 * One template compiled, or what is wrong with it. It is tried once on an
 * empty request, so a helper billsim does not have is found when the stub is
 * stored, not when it answers.
 */
export function compileTemplate(text: string): Fill | string {
  let checked: Checked | string;
  try {
    checked = checkTree(handlebarsModule().parseWithoutProcessing(text) as unknown as Node);
  } catch (error) {
    return `is not a template that compiles (${oneLine(error)})`;
  }
  if (typeof checked === 'string') return checked;
  const { weights, size } = checked;
  const template = handlebars().compile(text, { noEscape: true, strict: false });
  const fill: Fill = (scope) => {
    const budget = current;
    if (!budget) return withinBudget(() => fill(scope));
    budget.weights = weights;
    budget.whole = size;
    let text: string;
    try {
      text = template(scope, RUNTIME);
    } catch (error) {
      // V8's longest string: a template writing past it is over the output limit long before.
      if (error instanceof RangeError && /string length/i.test(error.message)) budget.wrote(Number.POSITIVE_INFINITY);
      throw error;
    }
    budget.written += text.length;
    budget.wrote(budget.written);
    return text;
  };
  try {
    withinBudget(() => fill({ params: {}, call: '', server_time: 0, now: '' }));
  } catch (error) {
    return `is not a template that compiles (${oneLine(error)})`;
  }
  return fill;
}

/** Runs fn (the filling in of one answer) with a budget of its own. */
export function withinBudget<R>(fn: () => R): R {
  const outer = current;
  current = new Budget();
  try {
    return fn();
  } finally {
    current = outer;
  }
}

function oneLine(error: unknown): string {
  return String((error as Error).message)
    .split('\n')
    .join(' ')
    .slice(0, 300);
}
