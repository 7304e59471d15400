// Package entry: run the simulator in-process, and the wire types it speaks.
export { createSimulator, type Simulator, type SessionHandle } from './simulator.js';
export { buildApp, type AppOptions } from './app.js';
export { ApiError, messages } from './errors.js';
export { ControlError, type ControlErrorKind } from './session/control-error.js';
export type { ClockState, Coverage, SnapshotInfo } from './session/control.js';
export type { ClockChange } from './session/clock.js';
export type { JournalEntry, CallCoverage } from './session/journal.js';
export type { Fault, FaultSpec } from './session/faults.js';
export type { CollectionName, RecordOf } from './store/world.js';
export type * from './generated/wire.js';
