import fs from 'node:fs';
import path from 'node:path';
import { COLLECTION_NAMES, FixtureError, recordProblem, validateChanged } from './fixtures.js';
import { readObjectFileInParts } from './json-parts.js';
import { seedReuse, type SeedReuse } from './seed-rows.js';
import { Table, type Row } from './table.js';
import {
  type LogEntry,
  logFileOf,
  logLine,
  META_KEY,
  readLogLines,
  replaceFile,
  SNAPSHOT_FORMAT,
  snapshotFileOf,
  snapshotsDirOf,
  writeAll,
  writeSnapshot,
} from './data-files.js';
import type { Change, Saver, SessionEntry, SessionSaver } from './saver.js';
import { type FileLock, lockDataFile } from './lock.js';
import type { Collections } from '../generated/wire.js';

export class DataFileError extends Error {}

export interface DataFile {
  /** The data file itself, symlinks resolved (src/store/lock.ts): its log and snapshots sit beside it. */
  file: string;
  saver: DataLog;
  /** The saved state, or undefined for a new file (start from the seed and save it). */
  data?: Collections;
  /** The session's own state as last saved, when the file holds one. */
  session?: SessionEntry;
  /** Set when the log ended in a line a crash cut short; that line (never acknowledged) was dropped. */
  recovered?: string;
}

const LEFT = 'fix or move it, it was left unchanged';

/**
 * Opens the --data file of the default session and the log next to it
 * (src/store/data-files.ts has the format), first taking the file's lock
 * (src/store/lock.ts: a file another server holds is refused before anything
 * is read). A snapshot or log that does not parse or validate stops the start
 * and is left as it is; collections missing from an older file start from the
 * seed. Closing the saver releases the lock.
 */
export function openDataFile(file: string, seed: Collections): DataFile {
  const lock = lockDataFile(file);
  try {
    return openLocked(lock.file, seed, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

function openLocked(file: string, seed: Collections, lock: FileLock): DataFile {
  const saved = readDataFile(file, seed);
  if (!saved) return { file, saver: new DataLog(file, 0, 0, 0, lock) };
  const { log, end, size } = saved;
  let recovered: string | undefined;
  if (end < size) {
    // Only now, with everything read and valid: the next entry must not follow a broken line.
    fs.truncateSync(log, end);
    recovered = `the last line of ${log} was cut short (a crash while writing it, before it was acknowledged) and was dropped`;
  }
  const saver = new DataLog(file, saved.seq, fs.statSync(file).size, end, lock);
  return { file, saver, data: saved.data, session: saved.session, recovered };
}

/**
 * The state the data file and its log hold, without changing either;
 * undefined when there is no data file yet. Throws DataFileError when either
 * does not parse or validate.
 */
export function readDataFile(
  file: string,
  seed: Collections,
): { data: Collections; session?: SessionEntry; seq: number; log: string; end: number; size: number } | undefined {
  const log = logFileOf(file);
  if (!fs.existsSync(file)) {
    if (fs.existsSync(log)) {
      throw new DataFileError(
        `data file ${file} is missing but its log ${log} exists; restore the data file, or move the log away to start from the seed`,
      );
    }
    return undefined;
  }
  let fields: Record<string, unknown>;
  const shared = seedReuse(seed);
  try {
    fields = readSaved(file, shared);
  } catch (error) {
    if (error instanceof NotAnObject) throw new DataFileError(`data file ${file} must hold an object of collections; ${LEFT}`);
    throw new DataFileError(`data file ${file} is not valid JSON (${(error as Error).message}); ${LEFT}`);
  }
  const meta = fields[META_KEY] as { seq?: unknown; session?: unknown } | undefined;
  // A file without the entry was written before the log existed (or by hand): it holds no log entry.
  const seq = meta === undefined ? 0 : meta?.seq;
  if (typeof seq !== 'number' || !Number.isInteger(seq) || seq < 0) {
    throw new DataFileError(`data file ${file}: "${META_KEY}" must be { "seq": <last log entry the file holds> }; ${LEFT}`);
  }
  if (meta?.session !== undefined && !isEntry(meta.session)) {
    throw new DataFileError(`data file ${file}: "${META_KEY}"."session" must be an object (the session's own state); ${LEFT}`);
  }
  const data = collectionsOf(fields, seed, shared, file, 'data file');
  return { ...replay(log, data, seq, meta?.session as SessionEntry | undefined), log };
}

function isEntry(value: unknown): value is SessionEntry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class NotAnObject extends Error {}

/**
 * A saved file's object, read a window at a time, its rows equal to the seed's taken from the
 * seed (src/store/seed-rows.ts).
 */
function readSaved(file: string, shared: SeedReuse): Record<string, unknown> {
  if (!startsAnObject(file)) {
    // Parsed whole for its own error message: a file that is no object at all says more that way.
    const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new NotAnObject();
  }
  return readObjectFileInParts(file, shared.reuse);
}

function startsAnObject(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(4096);
    const read = fs.readSync(fd, head, 0, head.length, 0);
    return head.toString('latin1', 0, read).trimStart().startsWith('{');
  } finally {
    fs.closeSync(fd);
  }
}

/** The collections a parsed file holds, those it lacks from the seed, validated (rows taken from the seed are already). */
function collectionsOf(fields: Record<string, unknown>, seed: Collections, shared: SeedReuse, file: string, what: string): Collections {
  const data = { ...seed } as Record<string, unknown>;
  for (const name of COLLECTION_NAMES) if (name in fields) data[name] = fields[name];
  try {
    validateChanged(data as unknown as Collections, (name) => (name in fields ? shared.parsed(name) : []), file);
  } catch (error) {
    if (error instanceof FixtureError)
      throw new DataFileError(`${what} is invalid: ${error.message.replace(`${file}/`, `${file}: `)}; it was left unchanged`);
    throw error;
  }
  return data as unknown as Collections;
}

/** The collections of a session snapshot saved next to the data file (SessionSaver.saveSnapshot). */
export function readSnapshotFile(file: string, id: number, seed: Collections): Collections {
  const snapshot = snapshotFileOf(file, id);
  let parsed: Record<string, unknown>;
  const shared = seedReuse(seed);
  try {
    parsed = readSaved(snapshot, shared);
  } catch (error) {
    if (error instanceof NotAnObject) throw new DataFileError(`snapshot file ${snapshot} must hold an object of collections; ${LEFT}`);
    throw new DataFileError(`snapshot file ${snapshot} cannot be read (${(error as Error).message}); ${LEFT}`);
  }
  return collectionsOf(parsed, seed, shared, snapshot, 'snapshot file');
}

const NAMES = new Set<string>(COLLECTION_NAMES);

/** Why a parsed log line is not an entry, or undefined. */
function entryProblem(entry: unknown): string | undefined {
  const { seq, changes, session } = (entry ?? {}) as Partial<LogEntry>;
  if (typeof seq !== 'number' || !Number.isInteger(seq) || seq < 1 || !Array.isArray(changes)) {
    return 'must be { "seq": <number>, "changes": [...] }';
  }
  if (session !== undefined && !isEntry(session)) return 'has a "session" that is not an object';
  for (const change of changes as unknown[]) {
    const { collection, put, remove } = (change ?? {}) as { collection?: unknown; put?: unknown; remove?: unknown };
    if (typeof collection !== 'string' || !NAMES.has(collection)) return `names no known collection (${JSON.stringify(collection)})`;
    if (put === undefined && typeof remove !== 'string') return 'has a change with neither "put" (a record) nor "remove" (an id)';
  }
  return undefined;
}

/** The state after the log's entries that follow entry `after` (those up to it are already in the snapshot). */
function replay(
  log: string,
  data: Collections,
  after: number,
  saved: SessionEntry | undefined,
): { data: Collections; session?: SessionEntry; seq: number; end: number; size: number } {
  let session = saved;
  const { lines, complete, size } = readLogLines(log);
  const tables = new Map<keyof Collections, Table<Row>>();
  const table = (name: keyof Collections) => {
    let found = tables.get(name);
    if (!found) {
      // A copy: the rows may be the seed's own list.
      found = new Table((data[name] as Row[]).slice());
      tables.set(name, found);
    }
    return found;
  };
  const refuse = (number: number, why: string) =>
    new DataFileError(`data file log ${log} line ${number} ${why}; fix or move the log, the files were left unchanged`);
  let seq = after;
  let end = complete;
  for (const [k, line] of lines.entries()) {
    let entry: unknown;
    try {
      entry = JSON.parse(line.text);
    } catch (error) {
      // Only the last line can have been cut short by a crash; one before it means the file was damaged.
      if (k === lines.length - 1) {
        end = line.start;
        break;
      }
      throw refuse(line.number, `is not valid JSON (${(error as Error).message})`);
    }
    const problem = entryProblem(entry);
    if (problem) throw refuse(line.number, problem);
    const { seq: number, changes, session: changed } = entry as LogEntry;
    if (number <= after) continue;
    if (changed) session = changed;
    if (number !== seq + 1) throw refuse(line.number, `is entry ${number}, but entry ${seq + 1} comes next: entries are missing`);
    for (const change of changes) {
      if ('put' in change) {
        const why = recordProblem(change.collection, change.put);
        if (why) throw refuse(line.number, `stores an invalid record: ${why}`);
        const rows = table(change.collection);
        if (rows.get(change.put.id)) rows.replace(change.put);
        else rows.insert(change.put);
      } else table(change.collection).remove(change.remove);
    }
    seq = number;
  }
  const state = { ...data } as Record<string, unknown>;
  for (const [name, rows] of tables) state[name] = rows.rows;
  return { data: state as unknown as Collections, session, seq, end, size };
}

// The log is compacted into a new snapshot when it grows past an eighth of the
// snapshot (at least 256 KiB): each mutation then costs a bounded share of a
// snapshot write, whatever the world's size, and a restart replays a bounded log.
const COMPACT_RATIO = 8;
const MIN_COMPACT_BYTES = 256 * 1024;

/**
 * Saves the default session with --data: a mutation appends one line to the
 * log and fsyncs it before it is acknowledged; a whole state (a new file, a
 * reset, a restore) is written as a new snapshot. Compaction writes the
 * snapshot in the background from the state as it was after one entry, then
 * renames it into place and drops the log entries it holds. Every step leaves
 * files that start-up reads back to the last acknowledged state:
 * - a crash while a snapshot is written leaves the old one (the new one is a temporary file);
 * - after the rename, entries the snapshot holds are skipped by their number;
 * - a line cut short at the end of the log was never acknowledged and is dropped.
 */
export class DataLog implements Saver, SessionSaver {
  /** Set by the session whose state this log keeps (src/session/saved-state.ts). */
  sessionEntry?: () => SessionEntry;
  private handle?: fs.promises.FileHandle;
  /** File operations run one at a time. */
  private lock: Promise<unknown> = Promise.resolve();
  /** Bumped by every whole-state save, so a compaction of an older state is dropped. */
  private generation = 0;
  private compacting?: Promise<void>;
  /** After a failed compaction, the log size at which to try again. */
  private retryAt = 0;
  /** A failed append may have left part of a line after logBytes. */
  private dirty = false;
  private closed = false;

  constructor(
    readonly file: string,
    /** The last entry saved (in the log or the snapshot). */
    private seq: number,
    private snapshotBytes: number,
    /** Bytes of the log that hold whole entries. */
    private logBytes: number,
    /** The data file's lock, released once the log is closed. */
    private readonly fileLock?: FileLock,
  ) {}

  get log(): string {
    return logFileOf(this.file);
  }

  async saveChanges(changes: readonly Change[], state: () => Collections, session?: SessionEntry): Promise<void> {
    if (changes.length === 0 && !session) return;
    await this.exclusive(() => this.append(changes, session));
    this.compactIfDue(state);
  }

  async saveSession(entry: SessionEntry): Promise<void> {
    await this.exclusive(() => this.append([], entry));
  }

  async saveSnapshot(id: number, data: Collections): Promise<void> {
    const file = snapshotFileOf(this.file, id);
    await fs.promises.mkdir(snapshotsDirOf(this.file), { recursive: true });
    const tmp = `${file}.tmp`;
    try {
      await writeSnapshot(tmp, data, { format: 'collections' });
      await replaceFile(tmp, file);
    } catch (error) {
      await fs.promises.rm(tmp, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  async removeSnapshot(id: number): Promise<void> {
    await fs.promises.rm(snapshotFileOf(this.file, id), { force: true });
  }

  /** Removes snapshot files no saved entry names: left by a crash between writing one and saving the entry. */
  async pruneSnapshots(keep: readonly number[]): Promise<void> {
    const dir = snapshotsDirOf(this.file);
    const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
    const kept = new Set(keep.map((id) => `${id}.json`));
    for (const name of names) if (!kept.has(name)) await fs.promises.rm(path.join(dir, name), { force: true });
  }

  async saveAll(state: () => Collections): Promise<void> {
    await this.exclusive(async () => {
      this.generation++;
      const seq = this.seq + 1;
      this.snapshotBytes = await this.writeSnapshotFile(`${this.file}.tmp`, state(), seq, this.sessionEntry?.());
      this.seq = seq;
      // Every entry of the log is in the snapshot now. Should emptying fail, they stay and are skipped by number.
      await this.truncateLog(0).catch(() => undefined);
    });
  }

  /**
   * Finishes the file operation under way and closes the log; a compaction
   * still writing is dropped. The lock goes last, once no file is being written.
   */
  async close(): Promise<void> {
    try {
      await this.exclusive(async () => {
        this.closed = true;
        await this.handle?.close();
        this.handle = undefined;
      });
      await this.compacting?.catch(() => undefined);
    } finally {
      this.fileLock?.release();
    }
  }

  /** Waits for a compaction under way (tests and the bench read the files after it). */
  async settled(): Promise<void> {
    await this.compacting;
    await this.lock;
  }

  private exclusive<R>(task: () => Promise<R>): Promise<R> {
    const run = this.lock.then(task);
    this.lock = run.catch(() => undefined);
    return run;
  }

  private async openLog(): Promise<fs.promises.FileHandle> {
    if (this.closed) throw new Error(`${this.log} is closed`);
    this.handle ??= await fs.promises.open(this.log, 'a+');
    return this.handle;
  }

  private async truncateLog(size: number): Promise<void> {
    const handle = await this.openLog();
    await handle.truncate(size);
    await handle.datasync();
    this.logBytes = size;
    this.dirty = false;
  }

  private async append(changes: readonly Change[], session?: SessionEntry): Promise<void> {
    if (this.dirty) await this.truncateLog(this.logBytes);
    const handle = await this.openLog();
    const line = logLine({ seq: this.seq + 1, changes: changes as Change[], ...(session && { session }) });
    try {
      await writeAll(handle, line);
      await handle.datasync();
    } catch (error) {
      // Take back any part of the line that reached the file, so the next entry does not follow a broken one.
      this.dirty = true;
      await this.truncateLog(this.logBytes).catch(() => undefined);
      throw error;
    }
    this.seq++;
    this.logBytes += line.length;
  }

  /** Writes a snapshot holding entries up to `seq` to `tmp` and renames it over the data file; returns its size. */
  private async writeSnapshotFile(tmp: string, data: Collections, seq: number, session?: SessionEntry): Promise<number> {
    let size: number;
    try {
      size = await writeSnapshot(tmp, data, { format: SNAPSHOT_FORMAT, log: path.basename(this.log), seq, session });
      await replaceFile(tmp, this.file);
    } catch (error) {
      await fs.promises.rm(tmp, { force: true }).catch(() => undefined);
      throw error;
    }
    return size;
  }

  /** Called with the world's save queue held, so `state` is the state after entry `seq` and nothing later. */
  private compactIfDue(state: () => Collections): void {
    const threshold = Math.max(MIN_COMPACT_BYTES, this.snapshotBytes / COMPACT_RATIO);
    if (this.compacting || this.closed || this.logBytes < Math.max(threshold, this.retryAt)) return;
    const live = state() as unknown as Record<string, readonly unknown[]>;
    // Rows are never changed in place, so copies of the lists keep this state while later mutations go on.
    const data = Object.fromEntries(Object.entries(live).map(([name, rows]) => [name, rows.slice()])) as unknown as Collections;
    const [seq, from, generation, session] = [this.seq, this.logBytes, this.generation, this.sessionEntry?.()];
    this.compacting = this.compact(data, seq, from, generation, session)
      .catch(() => {
        this.retryAt = this.logBytes + threshold;
      })
      .finally(() => {
        this.compacting = undefined;
      });
  }

  private async compact(data: Collections, seq: number, from: number, generation: number, session?: SessionEntry): Promise<void> {
    const tmp = `${this.file}.compact.tmp`;
    let size: number | undefined;
    try {
      size = await writeSnapshot(tmp, data, { format: SNAPSHOT_FORMAT, log: path.basename(this.log), seq, session });
    } finally {
      if (size === undefined) await fs.promises.rm(tmp, { force: true }).catch(() => undefined);
    }
    await this.exclusive(async () => {
      if (generation !== this.generation || this.closed) {
        await fs.promises.rm(tmp, { force: true });
        return;
      }
      await replaceFile(tmp, this.file);
      this.snapshotBytes = size;
      await this.dropLogBefore(from);
    });
  }

  /** Replaces the log by its entries from byte `from` on (those written while the snapshot was). */
  private async dropLogBefore(from: number): Promise<void> {
    const handle = await this.openLog();
    const tail = Buffer.alloc(this.logBytes - from);
    const { bytesRead } = await handle.read(tail, 0, tail.length, from);
    if (bytesRead !== tail.length) throw new Error(`${this.log} is shorter than expected`);
    const tmp = `${this.log}.tmp`;
    const out = await fs.promises.open(tmp, 'w');
    try {
      await writeAll(out, tail);
      await out.sync();
    } finally {
      await out.close();
    }
    // Closed first, so the old file is never written again (and Windows allows the rename); the next append reopens the log.
    this.handle = undefined;
    await handle.close().catch(() => undefined);
    await replaceFile(tmp, this.log);
    this.logBytes = tail.length;
    this.dirty = false;
  }
}
