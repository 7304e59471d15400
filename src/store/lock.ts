// One server per data file: FILE.lock names the process that holds FILE. Two
// servers on one file would both acknowledge writes with the same ids, and a
// second one starting would even cut the first one's log. The lock file is
// made whole before it appears (written beside it, then hard-linked into
// place, which fails when the name exists), so a lock file always holds a
// complete holder; a holder whose process is gone (a killed server) is taken
// over, under a second guard file so two servers starting at once cannot both
// take it. proper-lockfile was considered: it records no pid (so a refusal
// could not name the holder) and finds a dead holder only once its lock is
// older than a staleness period refreshed by a timer.
//
// The lock names the file itself, however --data spells it: the path is made
// absolute with every symlink resolved (the file's own too, even before the
// file exists), so `state.json`, `./dir/../state.json` and a link to it all
// lock REAL.lock beside the real file, and the server then reads and writes
// the real file (a compaction replaces the file, not the link). A hard link
// is a second name no path leads from the first, so no lock file beside
// either could be found from the other, and a lock kept by device and inode
// elsewhere (a temporary folder) could be cleaned away while held, and would
// name another file after the first compaction (which replaces the file by
// renaming, so a hard link parts from it there); a data file with more than
// one name is therefore refused at start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Holder {
  pid: number;
  hostname: string;
  /** When it took the lock (ISO time). */
  since: string;
}

/** The data file is held by a live process (or one this machine cannot check). */
export class LockHeld extends Error {}

export const lockFileOf = (file: string) => `${file}.lock`;

/** Links followed at most, as the kernel follows (ELOOP beyond). */
const MAX_LINKS = 40;

/**
 * The data file itself: `file` absolute, every symlink on its way resolved,
 * its own too when its target does not exist yet (a first start creates the
 * target, and the link stays a link). Any spelling of one file gives the same path.
 */
export function realFileOf(file: string): string {
  let at = path.resolve(file);
  for (let hops = 0; hops <= MAX_LINKS; hops++) {
    try {
      return fs.realpathSync.native(at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    let target: string;
    try {
      target = fs.readlinkSync(at);
    } catch {
      // Not there yet and no link: its folder resolved (when there), its name kept.
      try {
        return path.join(fs.realpathSync.native(path.dirname(at)), path.basename(at));
      } catch {
        return at;
      }
    }
    at = path.resolve(path.dirname(at), target);
  }
  throw new Error(`data file ${file}: more than ${MAX_LINKS} symlinks lead to it (a loop?)`);
}

/** Refuses a data file with more than one name (hard links): see the top of this file. */
function refuseSecondNames(file: string, real: string): void {
  let links: number;
  try {
    links = fs.statSync(real).nlink;
  } catch {
    return; // not there yet: a new file has one name
  }
  if (links > 1) {
    throw new Error(
      `data file ${file} has ${links} names (hard links), so a server started on another name could not find this one's lock; ` +
        `remove the other names (find / -samefile ${real}) or give --data a copy`,
    );
  }
}
const guardOf = (lock: string) => `${lock}.takeover`;

/** Creates `path` holding `holder`, whole, or answers false when it exists. */
function create(path: string, holder: Holder): boolean {
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  fs.writeFileSync(tmp, `${JSON.stringify(holder)}\n`, { flag: 'wx' });
  try {
    fs.linkSync(tmp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** The file's text, or undefined when it is gone. */
function textOf(path: string): string | undefined {
  try {
    return fs.readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The holder a lock file's text names; undefined for text that names none (garbage: nobody holds it). */
export function holderOf(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text) as Holder;
    if (Number.isInteger(value.pid) && value.pid > 0 && typeof value.hostname === 'string' && typeof value.since === 'string') return value;
  } catch {
    // not JSON: left by something else, or cut short
  }
  return undefined;
}

/** Whether the holder may still run: its process exists, or it is on another machine, which cannot be checked. */
export function mayRun(holder: Holder): boolean {
  if (holder.hostname !== os.hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

function heldMessage(file: string, lock: string, holder: Holder): string {
  const where = holder.hostname === os.hostname() ? `pid ${holder.pid}` : `pid ${holder.pid} on ${holder.hostname}`;
  return (
    `data file ${file} is in use by another billsim server (${where}, since ${holder.since}): ` +
    `stop that server or start this one with another --data file; if that process is not a billsim server, delete ${lock}`
  );
}

/** Removes the lock file when it still reads `stale`, under the guard; throws LockHeld when another start holds the guard. */
function removeStale(file: string, lock: string, stale: string, mine: Holder): void {
  const guard = guardOf(lock);
  if (!create(guard, mine)) {
    const text = textOf(guard);
    const other = text === undefined ? undefined : holderOf(text);
    // A guard left by a start that died in the middle of a take-over is cleared; the caller tries again.
    if (text !== undefined && other && mayRun(other)) throw new LockHeld(heldMessage(file, lock, other));
    if (text !== undefined && textOf(guard) === text) fs.rmSync(guard, { force: true });
    return;
  }
  try {
    if (textOf(lock) === stale) fs.rmSync(lock, { force: true });
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

export interface FileLock {
  /** The data file itself (realFileOf), the path to read and write it by. */
  readonly file: string;
  readonly lock: string;
  /** Removes the lock file if it is still this process's (idempotent). */
  release(): void;
}

/**
 * Takes the lock of the file `file` names for this process, taking over a
 * lock whose holder is gone. Throws LockHeld, naming the holder and what to
 * do, when a live process holds it (this one too: one process, one server
 * per file), or when the file has a second name (a hard link).
 */
export function lockDataFile(file: string): FileLock {
  const real = realFileOf(file);
  refuseSecondNames(file, real);
  const lock = lockFileOf(real);
  const mine: Holder = { pid: process.pid, hostname: os.hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (create(lock, mine)) return ownLock(real, lock, mine);
    const text = textOf(lock);
    if (text === undefined) continue; // released meanwhile
    const holder = holderOf(text);
    if (holder && mayRun(holder)) throw new LockHeld(heldMessage(file, lock, holder));
    removeStale(file, lock, text, mine);
  }
  throw new LockHeld(`data file ${file}: its lock ${lock} keeps changing hands; another billsim server is starting on it`);
}

function ownLock(file: string, lock: string, mine: Holder): FileLock {
  const text = `${JSON.stringify(mine)}\n`;
  let held = true;
  return {
    file,
    lock,
    release() {
      if (!held) return;
      held = false;
      // Only its own: a lock another process took over (after this one was thought gone) stays.
      if (textOf(lock) === text) fs.rmSync(lock, { force: true });
    },
  };
}
