// Package entry: run the simulator in-process, and the wire types it speaks.
export { createSimulator, type Simulator, type SessionHandle } from './simulator.js';
export { buildApp, type AppOptions } from './app.js';
export { ApiError, messages } from './errors.js';
export { ControlError, type ControlErrorKind } from './session/control-error.js';
// The in-process clock change (now may be a Date) over the wire's, which the line below exports.
export type { ClockChange } from './session/control-input.js';
export type { CollectionName, RecordOf } from './store/world.js';
// The API's wire types and the control routes' (FaultSpec, Fault, ClockState, JournalEntry, Coverage, ...).
export type * from './generated/wire.js';
// In-process proxy (createSimulator({ proxy })): the installation's endpoint is endpointOf(its address).
export { endpointOf, type Upstream } from './lib/upstream.js';
export type { ProxyOptions } from './http/proxy.js';
