// What `billsim import` and `billsim drift` read alike: the installation they
// reach (its address, credentials, time-out and retries) and whole numbers.
import { endpointOf, UpstreamError, type Upstream } from '../lib/upstream.js';
import { UsageError } from './options.js';

export const MAX_RETRIES = 10;
export const MAX_CONCURRENCY = 32;
export const DEFAULT_CONCURRENCY = 4;
// Node keeps timers in 32 bits of milliseconds (about 24 days).
export const MAX_MS = 2_147_483_647;

/** A flag's whole number from `min` to `max`, `fallback` when the flag is absent. */
export function wholeNumber(flag: string, text: string | undefined, min: number, max: number, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d{1,10}$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return Number(text);
}

/** A flag that must be given; `hint` follows "is required" in the message (what to give, or the variable that may). */
export function requiredFlag(flag: string, value: string | undefined, hint = ''): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`${flag} is required${hint}`);
  return value;
}

/** The installation's API endpoint from a flag's address, the address's problem as a usage error. */
export function endpointFlag(flag: string, value: string | undefined, hint = ''): URL {
  try {
    return endpointOf(requiredFlag(flag, value, hint));
  } catch (error) {
    if (error instanceof UpstreamError) throw new UsageError(`${flag}: ${error.message}`);
    throw error;
  }
}

/** The installation as the upstream client takes it, from a command's config. */
export function upstreamOf(config: Upstream): Upstream {
  const { url, apiId, apiKey, timeoutMs, retries } = config;
  return { url, apiId, apiKey, timeoutMs, retries };
}
