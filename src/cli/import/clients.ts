import type { ImportConfig } from '../import-options.js';
import type { Reader, Row } from './types.js';

export async function readClients(
  _reader: Reader,
  _config: ImportConfig,
  _bundled: Record<string, Row[]>,
  _catalogue: Record<string, Row[]>,
): Promise<Record<string, Row[]>> {
  return {};
}
