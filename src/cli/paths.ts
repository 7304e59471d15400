// What the file system says about --fixtures and --data, checked before the
// world loads, so a wrong path is named as the user typed it.
import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from './options.js';

function kind(file: string): 'file' | 'folder' | undefined {
  try {
    return fs.statSync(file).isDirectory() ? 'folder' : 'file';
  } catch {
    return undefined;
  }
}

export function checkPaths(config: { fixtures?: string; data?: string }): void {
  if (config.fixtures !== undefined && kind(config.fixtures) === 'file') {
    throw new UsageError(
      `--fixtures ${config.fixtures} is a file, not a folder: give the folder that holds clients.json, invoices.json, ...`,
    );
  }
  if (config.data === undefined) return;
  if (kind(config.data) === 'folder')
    throw new UsageError(`--data ${config.data} is a folder, not a file: name the JSON file to keep the state in`);
  const folder = path.dirname(path.resolve(config.data));
  const where = kind(folder);
  if (where === undefined) throw new UsageError(`--data ${config.data}: folder ${folder} does not exist; create it first`);
  if (where === 'file') throw new UsageError(`--data ${config.data}: ${folder} is a file, not a folder`);
}
