// Every route of the customer's door, all imported, by the name its schema
// file has: for generators, tests and tools that walk the whole door. The
// server imports each on its first request instead (routeRegistry in modules.ts).
import { routeRegistry } from './modules.js';
import type { AnyRoute } from './route.js';

export { routeRegistry };
export const routes: Readonly<Record<string, AnyRoute>> = await routeRegistry.all();
