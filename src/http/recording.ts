// The recording (--record DIR): every answer the proxy got from the
// installation, saved as a stub in DIR/stubs.json, so `billsim --fixtures DIR`
// answers the same offline. A stub keeps the request's parameters as its call
// reads them (src/session/read-form.ts: a list's page and page size filled in,
// values coerced), and stubs match requests read the same way, so a request
// recorded with its defaults written out replays without them, and the other
// way round. The file is rewritten whole (a temporary file
// renamed over it) after each new answer; answers arriving while it is written
// are held in memory and go into the next write, so none is lost and a reader
// never sees half a file.
import fs from 'node:fs';
import path from 'node:path';
import { messages } from '../errors.js';
import type { Collections, Stub } from '../generated/wire.js';
import { bracketEntries, envelopeErrors } from '../lib/upstream.js';
import { REDACTED, SECRET } from '../session/journal.js';
import { DOOR_ROUTE } from '../lib/call-names.js';
import { ENVELOPE_KEYS, MAX_STUB_ANSWER, storedStubProblems } from '../session/stubs.js';
import { readForm } from '../session/read-form.js';
import { replaceFile } from '../store/data-files.js';
import { COLLECTION_NAMES, recordProblem } from '../store/fixtures.js';
import { MAX_ANSWER_DEPTH, nestsDeeperThan } from '../lib/nesting.js';

export const STUBS_FILE = 'stubs.json';

/** Where the recording tells what it could not keep. */
export interface RecordingLog {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * Handlebars would fill in `{{...}}` in a recorded text on replay. Each "{"
 * that a "{" follows becomes an expression printing "{" (the built-in `with`
 * helper over a literal), so the text replays as it was. Backslashes right
 * before such an expression would escape it: Handlebars takes one of them
 * away, so each run gets one more.
 */
const OPEN_BRACE = '{{#with "{"}}{{this}}{{/with}}';
export function literalTemplate(text: string): string {
  if (!text.includes('{{')) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{' && text[i + 1] === '{') {
      if (out.endsWith('\\')) out += '\\';
      out += OPEN_BRACE;
    } else out += text[i];
  }
  return out;
}

function literalValues(value: unknown): unknown {
  if (typeof value === 'string') return literalTemplate(value);
  if (Array.isArray(value)) return value.map(literalValues);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, literalValues(item)]));
  }
  return value;
}

/** A request's parameters as a stub's: texts under bracket keys, as the API reads them (`items[0][qty]`). */
export function flatParams(params: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(bracketEntries(params));
}

/**
 * The parameters without those the journal redacts (passwords, card numbers:
 * src/session/journal.ts's SECRET), at any depth. They are left out rather
 * than kept as "[redacted]", which no request would carry: the stub then
 * answers the call whatever secret is sent.
 */
export function withoutSecrets(params: Record<string, unknown>): Record<string, unknown> {
  const strip = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) return value.map(strip);
    return Object.fromEntries(Object.entries(value).flatMap(([key, inner]) => (SECRET.test(key) ? [] : [[key, strip(inner)]])));
  };
  return strip(params) as Record<string, unknown>;
}

/**
 * A door answer with the values under secret keys (`token`, `refresh`, ...:
 * the journal's SECRET) written as "[redacted]", at any depth. A login's
 * tokens are the installation's credentials for a real customer: they never
 * reach the file (or the journal), and a replayed login hands out
 * "[redacted]", which the recorded routes answer as any token.
 */
export function secretsHidden(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(secretsHidden);
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, SECRET.test(key) && inner !== null ? REDACTED : secretsHidden(inner)]),
  );
}

/** Levels of nesting a recorded answer may have (the same bound as import's). */
export const MAX_RECORDED_DEPTH = MAX_ANSWER_DEPTH;

const MAX_MESSAGE = 1000;
const MAX_MESSAGES = 10;

/** The stub that replays an answer (without its id), or why the answer cannot be one. */
export function stubOf(
  call: string,
  params: Record<string, unknown>,
  json: unknown,
  status: number,
): { stub: Omit<Stub, 'id'> } | { skipped: string } {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { skipped: 'the answer is not a JSON object, and a stub answers one' };
  }
  if (nestsDeeperThan(json, MAX_RECORDED_DEPTH)) {
    return { skipped: `the answer nests deeper than ${MAX_RECORDED_DEPTH} levels, more than a stub keeps` };
  }
  const stub: Omit<Stub, 'id'> = { call, params: flatParams(withoutSecrets(readForm(call, params))) };
  const errors = envelopeErrors(json);
  if (errors) {
    const kept = errors
      .filter((message) => message.length > 0)
      .slice(0, MAX_MESSAGES)
      .map((message) => message.slice(0, MAX_MESSAGE));
    if (kept.length === 0) return { skipped: 'the error answer has no message, and a stub needs one' };
    stub.error = kept;
  } else {
    const answer = literalValues(Object.fromEntries(Object.entries(json).filter(([key]) => !ENVELOPE_KEYS.includes(key))));
    if (JSON.stringify(answer).length > MAX_STUB_ANSWER) return { skipped: 'the answer is larger than a stub keeps (1 MB)' };
    stub.answer = answer as Record<string, unknown>;
  }
  if (status !== 200) stub.status = status;
  return checked(stub);
}

/**
 * The stub that replays an answer of the customer's door (without its id):
 * filed under the request's method and literal path ("GET /api/service/7/vms"),
 * its input without secrets as `params`, an `{"error": [...]}` answer's
 * messages as `error`, any other object as `answer`; or why it cannot be one.
 */
export function doorStubOf(
  method: string,
  path: string,
  input: Record<string, unknown>,
  json: unknown,
  status: number,
): { stub: Omit<Stub, 'id'> } | { skipped: string } {
  const call = `${method} /api${path.replace(/\/+$/, '')}`;
  // A segment in braces would be read back as a placeholder matching any value.
  if (!DOOR_ROUTE.test(call) || /[{}]/.test(path)) return { skipped: `the path ${JSON.stringify(path.slice(0, 200))} cannot name a stub` };
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { skipped: 'the answer is not a JSON object, and a stub answers one' };
  }
  if (nestsDeeperThan(json, MAX_RECORDED_DEPTH)) {
    return { skipped: `the answer nests deeper than ${MAX_RECORDED_DEPTH} levels, more than a stub keeps` };
  }
  const stub: Omit<Stub, 'id'> = { call, params: flatParams(withoutSecrets(input)) };
  const { error } = json as { error?: unknown };
  const errors = Array.isArray(error) && Object.keys(json).length === 1 ? error.filter((m) => typeof m === 'string' && m !== '') : [];
  if (errors.length > 0) stub.error = errors.slice(0, MAX_MESSAGES).map((message) => message.slice(0, MAX_MESSAGE));
  else {
    const answer = literalValues(secretsHidden(json));
    if (JSON.stringify(answer).length > MAX_STUB_ANSWER) return { skipped: 'the answer is larger than a stub keeps (1 MB)' };
    stub.answer = answer as Record<string, unknown>;
  }
  if (status !== 200) stub.status = status;
  return checked(stub);
}

function checked(stub: Omit<Stub, 'id'>): { stub: Omit<Stub, 'id'> } | { skipped: string } {
  const problem = recordProblem('stubs', { id: '1', ...stub }) ?? storedStubProblems([{ id: '1', ...stub }])[0];
  return problem ? { skipped: problem.replace(/^stubs record[^:]*: /, '') } : { stub };
}

/** One stub per call and parameters: the key a newer answer replaces an older one by. */
function keyOf(stub: Pick<Stub, 'call' | 'params'>): string {
  const params = Object.entries(stub.params ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([stub.call, params]);
}

export class Recorder {
  private stubs: Stub[];
  private nextId: number;
  /** The write under way (or the last one), and the one queued after it that takes every change made since. */
  private writing: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;
  private tmpCount = 0;

  /**
   * Opens DIR for recording, creating it when missing. A folder that holds no
   * world yet gets the served world's collections (its stubs with them), so
   * `billsim --fixtures DIR` starts at once; a folder that holds one keeps it,
   * and its stubs.json is added to. Throws an Error that says what is wrong.
   */
  constructor(
    readonly dir: string,
    world: Collections,
    private readonly log: RecordingLog,
  ) {
    if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory()) throw new Error(`--record ${dir} is a file: give a folder`);
    fs.mkdirSync(dir, { recursive: true });
    const holdsWorld = COLLECTION_NAMES.some((name) => name !== 'stubs' && fs.existsSync(path.join(dir, `${name}.json`)));
    if (holdsWorld) {
      this.stubs = this.readStubs();
    } else {
      for (const name of COLLECTION_NAMES) if (name !== 'stubs') writeNow(path.join(dir, `${name}.json`), world[name]);
      this.stubs = [...world.stubs];
      // A call not recorded replays from these collections, which are not the installation's.
      log.warn({ dir }, messages.recordBesideServedWorld(dir));
    }
    this.nextId = this.stubs.reduce((top, stub) => Math.max(top, Number(stub.id)), 0) + 1;
    writeNow(this.file, this.stubs);
  }

  get file(): string {
    return path.join(this.dir, STUBS_FILE);
  }

  private readStubs(): Stub[] {
    if (!fs.existsSync(this.file)) return [];
    let rows: unknown;
    try {
      rows = JSON.parse(fs.readFileSync(this.file, 'utf8'));
    } catch (error) {
      throw new Error(`--record ${this.dir}: ${STUBS_FILE} is not valid JSON (${(error as Error).message}); fix or move it`);
    }
    if (!Array.isArray(rows)) throw new Error(`--record ${this.dir}: ${STUBS_FILE} must hold a list of stubs`);
    const problems = rows.map((row) => recordProblem('stubs', row)).filter((p) => p !== undefined);
    if (problems.length > 0) throw new Error(`--record ${this.dir}: ${STUBS_FILE} ${problems[0]}; fix or move it`);
    return rows as Stub[];
  }

  /**
   * Keeps one answer the installation gave, replacing the one recorded for the
   * same call and parameters, and resolves once it is on disk. An answer a stub
   * cannot replay is left out with a warning; a failed write is logged (the
   * client still gets its answer).
   */
  async record(call: string, params: Record<string, unknown>, json: unknown, status: number): Promise<void> {
    await this.keep(call, stubOf(call, params, json, status));
  }

  /** Keeps one answer of the customer's door, as record() keeps a call's. */
  async recordDoor(method: string, path: string, input: Record<string, unknown>, json: unknown, status: number): Promise<void> {
    await this.keep(`${method} /api${path}`, doorStubOf(method, path, input, json, status));
  }

  private async keep(call: string, made: ReturnType<typeof stubOf>): Promise<void> {
    if ('skipped' in made) {
      this.log.warn({ call }, `not recorded: ${made.skipped}`);
      return;
    }
    const key = keyOf(made.stub);
    this.stubs = this.stubs.filter((stub) => keyOf(stub) !== key);
    this.stubs.push({ id: String(this.nextId++), ...made.stub });
    try {
      await this.save();
    } catch (error) {
      this.log.error({ err: error, call }, `could not write ${this.file}`);
    }
  }

  /** Resolves when the last change is on disk. */
  async close(): Promise<void> {
    await this.writing.catch(() => undefined);
    await this.queued?.catch(() => undefined);
  }

  private save(): Promise<void> {
    // A write queued already has not read the stubs yet: it takes this change too.
    if (this.queued) return this.queued;
    const next = this.writing
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.write(JSON.stringify(this.stubs, null, 2));
      });
    this.queued = next;
    this.writing = next;
    return next;
  }

  private async write(text: string): Promise<void> {
    const tmp = path.join(this.dir, `.${STUBS_FILE}.${process.pid}.${++this.tmpCount}.tmp`);
    const handle = await fs.promises.open(tmp, 'w');
    try {
      await handle.writeFile(`${text}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await replaceFile(tmp, this.file);
  }
}

/** Writes a file whole at start-up (temporary file, then rename). */
function writeNow(file: string, rows: unknown): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(rows, null, 2)}\n`);
  fs.renameSync(tmp, file);
}
