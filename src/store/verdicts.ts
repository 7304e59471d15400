// Reading and checking every fixtures file costs the world's size at every
// start (JSON.parse of a 100k-invoice world's 85 MB alone takes about a
// second). A world found without problems is remembered in a cache folder
// under a digest of its files' bytes and of the code that checks them; a later
// start over the same bytes needs no check, so each collection is read when
// first used. Only clean worlds are remembered: a broken one is read and
// reported whole at every start.
//
// Reading a million-invoice world's 850 MB only to digest it takes about two
// seconds, so the digest of a folder is remembered too, with each file's
// stamp (inode, size, modification time), as git's index remembers a file's
// hash: a folder whose files all have the stamps they had is not read again.
// Like git, a file written in the two seconds before its digest was taken is
// not trusted by its stamp (a write in the same clock tick keeps the time).
import crypto from 'node:crypto';
import { collectionNames } from '../generated/validator-names.js';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a clean world's check found, beside "no problem". */
export interface Verdict {
  /** The warnings of pasted records made to fit, as the check gave them. */
  warnings: string[];
  /** Collections whose records were made to fit, with whether they passed their schema before (read and fitted at start-up). */
  fitted: Record<string, boolean>;
}

/** A digest of a fixtures folder's files, fed file by file in the order of the collections. */
export class WorldDigest {
  private readonly hash = crypto.createHash('sha256').update(checkersDigest());
  /** Each file's stamp (stampOf) when it was read; none for a missing file. */
  readonly stamps = new Map<string, string | undefined>();
  /** Each file's own digest (fileDigest); none for a missing file. */
  readonly files = new Map<string, string | undefined>();

  add(name: string, stamp: string | undefined, bytes: Buffer | undefined): void {
    this.stamps.set(name, stamp);
    this.files.set(name, bytes && fileDigest(bytes));
    this.hash.update(`\0${name}\0${bytes ? bytes.length : 'missing'}\0`);
    if (bytes) this.hash.update(bytes);
  }

  private done?: string;

  digest(): string {
    this.done ??= this.hash.digest('hex');
    return this.done;
  }
}

/** One file's digest: a collection read later is served only while its bytes are the ones found clean. */
export function fileDigest(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/** A folder's digest as remembered, with each file's own. */
export interface FolderDigest {
  digest: string;
  files: ReadonlyMap<string, string | undefined>;
}

// The modules whose rules decide whether a world is clean: a change to any of them makes every verdict stale.
const CHECKERS = ['./fixtures', './references', './paste', './json-parts'];
let checkers: string | undefined;

function checkersDigest(): string {
  if (checkers) return checkers;
  const here = fileURLToPath(import.meta.url);
  const ext = path.extname(here);
  const hash = crypto.createHash('sha256');
  for (const name of CHECKERS) hash.update(fs.readFileSync(path.resolve(path.dirname(here), `${name}${ext}`)));
  // Each collection's validator is a CommonJS module of its own (.cts in src/, .cjs once built).
  const validators = ext === '.ts' ? '.cts' : '.cjs';
  for (const name of collectionNames) {
    hash.update(fs.readFileSync(path.resolve(path.dirname(here), `../generated/collections/${name}${validators}`)));
  }
  return (checkers = hash.digest('hex'));
}

/** Each file's stamp, by collection name. */
export function stampsOf(dir: string, names: readonly string[]): Map<string, string | undefined> {
  return new Map(names.map((name) => [name, stampOf(path.join(dir, `${name}.json`))]));
}

/** A stamp's modification time in ms. */
const writtenAt = (stamp: string) => Number(BigInt(stamp.split(':')[2]) / 1_000_000n);
// Files written this close before their digest are digested again at the next start.
const SETTLED_MS = 2000;

/** When and how a file was last written: a lazily read collection checks it is still the file the digest read. */
export function stampOf(file: string): string | undefined {
  const stat = fs.statSync(file, { throwIfNoEntry: false, bigint: true });
  return stat && `${stat.ino}:${stat.size}:${stat.mtimeNs}`;
}

/** Reads the files of `names` in `dir` (NAME.json, a missing one counts as such) only to digest them. */
export function digestFolder(dir: string, names: readonly string[]): WorldDigest {
  const digest = new WorldDigest();
  for (const name of names) {
    const file = path.join(dir, `${name}.json`);
    const stamp = stampOf(file);
    digest.add(name, stamp, stamp === undefined ? undefined : fs.readFileSync(file));
  }
  return digest;
}

/** The cache of verdicts in `dir`; every failure to read or write it only means a full check. */
export class Verdicts {
  constructor(readonly dir: string) {}

  /**
   * Whether what the folder holds can be believed: it must be this user's own, and writable by no
   * one else, as a verdict spares a world its check (the default folder is in a shared temporary directory).
   */
  private trusted(): boolean {
    const stat = fs.statSync(this.dir, { throwIfNoEntry: false });
    if (!stat) return false;
    const uid = process.getuid?.();
    return uid === undefined || (stat.uid === uid && (stat.mode & 0o022) === 0);
  }

  private fileOf(digest: string): string {
    return path.join(this.dir, `world-${digest}.json`);
  }

  private folderFile(dir: string): string {
    return path.join(this.dir, `folder-${crypto.createHash('sha256').update(path.resolve(dir)).digest('hex').slice(0, 32)}.json`);
  }

  /** The digest remembered for a folder whose files all have the stamps they had then (and settled), else undefined. */
  digestOf(dir: string, stamps: ReadonlyMap<string, string | undefined>): FolderDigest | undefined {
    if (!this.trusted()) return undefined;
    try {
      const memo = JSON.parse(fs.readFileSync(this.folderFile(dir), 'utf8')) as {
        checkers?: unknown;
        digest?: unknown;
        stamps?: unknown;
        files?: unknown;
      };
      const kept = memo.stamps as Record<string, string | null> | undefined;
      const files = memo.files as Record<string, string | null> | undefined;
      if (memo.checkers !== checkersDigest() || typeof memo.digest !== 'string' || typeof kept !== 'object' || kept === null)
        return undefined;
      if (typeof files !== 'object' || files === null) return undefined;
      for (const [name, stamp] of stamps) if ((kept[name] ?? undefined) !== stamp) return undefined;
      if (Object.keys(kept).length !== stamps.size) return undefined;
      return { digest: memo.digest, files: new Map([...stamps.keys()].map((name) => [name, files[name] ?? undefined])) };
    } catch {
      return undefined;
    }
  }

  /** Remembers a folder's digest by its files' stamps, unless one was written too shortly before to be told apart by its stamp. */
  putDigest(dir: string, digest: WorldDigest, at = Date.now()): void {
    const stamps = Object.fromEntries([...digest.stamps].map(([name, stamp]) => [name, stamp ?? null]));
    if (Object.values(stamps).some((stamp) => stamp !== null && writtenAt(stamp) > at - SETTLED_MS)) return;
    const files = Object.fromEntries([...digest.files].map(([name, file]) => [name, file ?? null]));
    this.write(this.folderFile(dir), { checkers: checkersDigest(), digest: digest.digest(), stamps, files });
  }

  get(digest: string): Verdict | undefined {
    if (!this.trusted()) return undefined;
    try {
      const verdict = JSON.parse(fs.readFileSync(this.fileOf(digest), 'utf8')) as Partial<Verdict>;
      if (!Array.isArray(verdict.warnings) || typeof verdict.fitted !== 'object' || verdict.fitted === null) return undefined;
      return verdict as Verdict;
    } catch {
      return undefined;
    }
  }

  put(digest: string, verdict: Verdict): void {
    this.write(this.fileOf(digest), verdict);
  }

  private write(file: string, value: unknown): void {
    try {
      fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      // Written aside and renamed, so a start running alongside never reads half a file.
      fs.writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify(value));
      fs.renameSync(`${file}.${process.pid}.tmp`, file);
    } catch {
      // A cache that cannot be written only costs the next start its check.
    }
  }
}
