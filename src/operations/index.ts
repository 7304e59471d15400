// The registry: one entry per call, named exactly as the call. Each module's
// default export is its operation; its schema is schemas/operations/<call>.json.
import type { AnyOperation } from './operation.js';
import getCurrencies from './getCurrencies.js';

export const operations: Readonly<Record<string, AnyOperation>> = {
  getCurrencies,
};
