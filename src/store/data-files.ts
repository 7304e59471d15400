// The files of --data FILE: FILE is a snapshot (a JSON object of collections,
// one record per line, and a "billsim" entry saying which log entries it
// holds and the session's own state), FILE.log the changes since (JSON lines,
// one per acknowledged mutation or change of the session's state), and
// FILE.snapshots/<n>.json the session's saved snapshots, one file each. Both are written without ever building the whole state as one
// string, which a million-invoice world would not fit in. FILE.lock names the
// server holding them (src/store/lock.ts). FILE is the real file, symlinks
// resolved, so every spelling of --data finds the same four.
import fs from 'node:fs';
import path from 'node:path';
import { COLLECTION_NAMES } from './fixtures.js';
import type { Change, SessionEntry } from './saver.js';
import type { Collections } from '../generated/wire.js';

export const logFileOf = (file: string) => `${file}.log`;
export const snapshotsDirOf = (file: string) => `${file}.snapshots`;
export const snapshotFileOf = (file: string, id: number) => path.join(snapshotsDirOf(file), `${id}.json`);
/** The snapshot's own entry, next to the collections. */
export const META_KEY = 'billsim';
export const SNAPSHOT_FORMAT = 'snapshot+log';

export interface LogEntry {
  /** Entries are numbered from 1, one more for every saved mutation or whole state. */
  seq: number;
  changes: Change[];
  /** The session's own state after this entry, when the entry changed it. */
  session?: SessionEntry;
}

export function logLine(entry: LogEntry): Buffer {
  return Buffer.from(`${JSON.stringify(entry)}\n`);
}

const CHUNK = 1024 * 1024;

/** Writes all of `bytes` at the handle's position (a write may take only part of them). */
export async function writeAll(handle: fs.promises.FileHandle, bytes: Buffer): Promise<void> {
  for (let done = 0; done < bytes.length; ) done += (await handle.write(bytes, done, bytes.length - done)).bytesWritten;
}

/** What a snapshot says of itself: the log that continues it, and the last entry of that log it holds. */
export interface SnapshotMeta {
  format: typeof SNAPSHOT_FORMAT;
  log: string;
  seq: number;
  /** The session's own state at that entry. */
  session?: SessionEntry;
}

/** Writes `data` to `file` as a snapshot, one record per line, then fsyncs it; returns its size. */
export async function writeSnapshot(file: string, data: Collections, meta: SnapshotMeta | { format: string }): Promise<number> {
  const handle = await fs.promises.open(file, 'w');
  let size = 0;
  let chunk = `{${JSON.stringify(META_KEY)}:${JSON.stringify(meta)}`;
  const flush = async () => {
    const bytes = Buffer.from(chunk);
    chunk = '';
    await writeAll(handle, bytes);
    size += bytes.length;
  };
  try {
    for (const name of COLLECTION_NAMES) {
      const rows = data[name] as readonly unknown[];
      chunk += `,\n${JSON.stringify(name)}:[`;
      for (let i = 0; i < rows.length; i++) {
        chunk += `${i === 0 ? '\n' : ',\n'}${JSON.stringify(rows[i])}`;
        // Each flush awaits the disk, so requests are answered between chunks.
        if (chunk.length >= CHUNK) await flush();
      }
      chunk += rows.length > 0 ? '\n]' : ']';
    }
    chunk += '}\n';
    await flush();
    await handle.sync();
  } finally {
    await handle.close();
  }
  return size;
}

/** Makes a rename in `dir` durable. */
export async function syncDir(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Replaces `file` by `tmp` (written and fsynced) so a crash leaves one or the other whole. */
export async function replaceFile(tmp: string, file: string): Promise<void> {
  await fs.promises.rename(tmp, file);
  // The rename has happened: a failed directory sync only weakens durability against power loss.
  await syncDir(path.dirname(file)).catch(() => undefined);
}

export interface LogLines {
  /** Every complete line (ended by a newline), with its 1-based line number and the byte it starts at. */
  lines: { number: number; start: number; text: string }[];
  /** Bytes up to the end of the last complete line. */
  complete: number;
  size: number;
}

/** The log's lines; bytes after the last newline (a write cut short by a crash) are left out. */
export function readLogLines(file: string): LogLines {
  if (!fs.existsSync(file)) return { lines: [], complete: 0, size: 0 };
  const bytes = fs.readFileSync(file);
  const lines = [];
  let start = 0;
  for (let end = bytes.indexOf(0x0a); end >= 0; end = bytes.indexOf(0x0a, start)) {
    lines.push({ number: lines.length + 1, start, text: bytes.toString('utf8', start, end) });
    start = end + 1;
  }
  return { lines, complete: start, size: bytes.length };
}
