// The folder an import writes, all or nothing: the files go to a temporary
// sibling, are checked as `billsim --fixtures` checks a world, and replace
// the target by a rename at the end, so a failed import leaves it as it was.
import fs from 'node:fs';
import path from 'node:path';
import { readWorld } from '../../store/fixtures.js';
import { ImportFailure } from './reader.js';
import type { Collections } from './world.js';

/** Refuses a target that is a file, or a folder with anything in it unless `force`. */
export function checkTarget(dir: string, force: boolean): void {
  if (!fs.existsSync(dir)) return;
  if (!fs.statSync(dir).isDirectory()) throw new ImportFailure(`${dir} is a file: give a folder for --out`);
  if (!force && fs.readdirSync(dir).length > 0) {
    throw new ImportFailure(`${dir} is not empty: give a new or empty folder, or --force to replace what it holds`);
  }
}

/** Writes the world into `dir` (replacing it), or throws leaving `dir` untouched. Answers the loader's warnings. */
export function writeWorld(dir: string, data: Collections, force: boolean): string[] {
  checkTarget(dir, force);
  const target = path.resolve(dir);
  const parent = path.dirname(target);
  fs.mkdirSync(parent, { recursive: true });
  const staging = fs.mkdtempSync(path.join(parent, `.${path.basename(target)}.import-`));
  try {
    for (const [name, rows] of Object.entries(data)) {
      fs.writeFileSync(path.join(staging, `${name}.json`), `${JSON.stringify(rows, null, 2)}\n`);
    }
    const world = readWorld(staging);
    if (world.problems.length > 0) {
      const shown = world.problems.slice(0, 5).map((p) => p.replace(staging, dir));
      throw new ImportFailure(`the imported world does not load (${world.problems.length} problems): ${shown.join('; ')}`);
    }
    replace(target, staging);
    return world.warnings.map((w) => w.split(staging).join(target));
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Puts `staging` where `target` is; an old target is moved aside first and put back if the move fails. */
function replace(target: string, staging: string): void {
  if (!fs.existsSync(target)) {
    fs.renameSync(staging, target);
    return;
  }
  const aside = `${staging}.old`;
  fs.renameSync(target, aside);
  try {
    fs.renameSync(staging, target);
  } catch (error) {
    fs.renameSync(aside, target);
    throw error;
  }
  fs.rmSync(aside, { recursive: true, force: true });
}
