// CommonJS entry: `require('billsim')`. billsim is an ES module, which
// require() cannot load synchronously on every supported Node version, so
// this entry hands out the same functions, each loading the ES build on first
// use. They are async anyway, so a CommonJS caller writes the same code:
// `const sim = await createSimulator()`.
import type * as Billsim from './index.js';

export type * from './index.js';

/** The whole ES module entry (for `messages`, `ApiError` and the rest). */
export function load(): Promise<typeof Billsim> {
  return import('./index.js');
}

export async function createSimulator(...args: Parameters<typeof Billsim.createSimulator>): ReturnType<typeof Billsim.createSimulator> {
  return (await load()).createSimulator(...args);
}

export async function buildApp(...args: Parameters<typeof Billsim.buildApp>): ReturnType<typeof Billsim.buildApp> {
  return (await load()).buildApp(...args);
}
