// Why the server keeps its last response and one of Node's tick objects.
//
// V8 gives objects built the same way one shape (a "map") and forgets a shape
// once no object of it is alive. After a few seconds without requests nothing
// built per request is alive, and V8's memory reducer collects the heap. When
// requests come back, two things can go wrong for the rest of the process's
// life (bench/README.md, "A server that rests"):
// - V8 sizes ServerResponse from the shapes its first 7 objects took. When a
//   rest falls before the 7th (6 requests, then a pause), it sizes it from
//   none: room for no property inside the object, so every response after
//   that is built as a hash table ("dictionary mode");
// - the sites in process.nextTick that add a tick object's symbol-named
//   properties meet new shapes after the old ones died and turn megamorphic,
//   so every tick after that goes through V8's runtime.
// Together about 18 µs more a request. A response and a tick object kept
// alive keep their shapes, and neither happens. They cost one object each,
// and hold no request's data beyond the next request.
import type { Server, ServerResponse } from 'node:http';
import { executionAsyncResource } from 'node:async_hooks';
import { wrapRequests } from './listener.js';

/** Renew the kept tick object every this many requests: often enough to hold the current shape, rarely enough to cost nothing. */
const TICK_EVERY = 1024;

/** Keeps the server's latest response, and a recent tick object, reachable while the server lives. */
export function keepShapes(server: Server): void {
  const kept: { response?: ServerResponse; tick?: object } = {};
  let count = 0;
  // Called by process.nextTick, whose tick object is then the running resource.
  const keepTick = () => {
    kept.tick = executionAsyncResource();
  };
  wrapRequests(server, (next) => (req, res) => {
    kept.response = res;
    if (count++ % TICK_EVERY === 0) process.nextTick(keepTick);
    next(req, res);
  });
}
