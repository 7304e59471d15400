// Every call's operation, all imported, by call name: for generators, tests
// and tools that walk the whole registry. The server imports each on its
// first request instead (callRegistry in calls.ts).
import { callRegistry } from './calls.js';
import type { AnyOperation } from './operation.js';

export { callRegistry };
export const operations: Readonly<Record<string, AnyOperation>> = await callRegistry.all();
