import fs from 'node:fs';
import { JSONFile } from 'lowdb/node';
import type { Adapter } from 'lowdb';
import { COLLECTION_NAMES, FixtureError, validateCollections } from './fixtures.js';
import type { Collections } from '../generated/wire.js';

export class DataFileError extends Error {}

export interface DataFile {
  adapter: Adapter<Collections>;
  /** The saved state, or undefined for a new file (start from the seed). */
  data?: Collections;
}

/**
 * Opens the --data file of the default session. lowdb's JSONFile writes
 * through a temporary file and a rename, so a crash never leaves half a file.
 * A file that does not parse or validate stops the start and is left as it is;
 * collections missing from an older file start from the seed.
 */
export function openDataFile(file: string, seed: Collections): DataFile {
  const adapter = new JSONFile<Collections>(file);
  if (!fs.existsSync(file)) return { adapter };
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new DataFileError(`data file ${file} is not valid JSON (${(error as Error).message}); fix or move it, it was left unchanged`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new DataFileError(`data file ${file} must hold an object of collections; fix or move it, it was left unchanged`);
  }
  const data = { ...seed } as Record<string, unknown>;
  for (const name of COLLECTION_NAMES) if (name in parsed) data[name] = (parsed as Record<string, unknown>)[name];
  try {
    validateCollections(data as unknown as Collections, file);
  } catch (error) {
    if (error instanceof FixtureError)
      throw new DataFileError(`data file is invalid: ${error.message.replace(`${file}/`, `${file}: `)}; it was left unchanged`);
    throw error;
  }
  return { adapter, data: data as unknown as Collections };
}
