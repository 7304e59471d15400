// Package entry: build the simulator in-process.
export { buildApp, type AppOptions } from './app.js';
export { ApiError, messages } from './errors.js';
export type * from './generated/wire.js';
