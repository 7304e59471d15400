import { hash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { ApiError, messages } from '../errors.js';
import { roomIn } from '../lib/bounded.js';
import type { ApiAccess } from '../generated/wire.js';
import { callAllowed } from '../domain/apiAccess.js';
import type { View } from '../store/world.js';

// The one-shot hash costs about half of createHash().update().digest().
function digest(value: string): Buffer {
  return hash('sha256', value, 'buffer');
}

// Both sides' digests are kept, so a client that sends the same key on every
// request costs no hashing: two SHA-256 per call showed in profiles. Whether a
// digest was cached depends only on what was sent before, never on the stored
// secret, so the comparison stays constant-time. Each cache is bounded, in
// entries and in key length, since given keys are whatever clients send.
const CACHE_LIMIT = 1000;
const CACHED_LENGTH = 256;
const expectedDigests = new Map<string, Buffer>();
const givenDigests = new Map<string, Buffer>();

function cachedDigest(cache: Map<string, Buffer>, value: string): Buffer {
  if (value.length > CACHED_LENGTH) return digest(value);
  let known = cache.get(value);
  if (!known) {
    known = digest(value);
    roomIn(cache, CACHE_LIMIT).set(value, known);
  }
  return known;
}

/** Equal-length digests make the comparison constant-time whatever the inputs' lengths. */
export function secretEquals(given: string, expected: string): boolean {
  return timingSafeEqual(cachedDigest(givenDigests, given), cachedDigest(expectedDigests, expected));
}

export function normalizeIp(ip: string): string {
  return ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
}

export function ipAllowed(rules: readonly string[], ip: string): boolean {
  if (rules.length === 0 || rules.includes('all')) return true;
  const list = new BlockList();
  for (const rule of rules) {
    const [address, bits] = rule.split('/');
    const family = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (!isIPv4(address) && !isIPv6(address)) continue;
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list.check(ip, isIPv6(ip) ? 'ipv6' : 'ipv4');
}

const DUMMY_KEY = 'billsim-no-such-api-id';

/** Checks credentials, the caller's IP and whether the key may run `call`. Throws ApiError. */
export function authenticate(world: View, apiId: string, apiKey: string, ip: string, call: string): ApiAccess {
  if (!apiId) throw new ApiError(messages.credentialsMissing('api_id'));
  if (!apiKey) throw new ApiError(messages.credentialsMissing('api_key'));
  const record = world.where('api_access', 'api_id', apiId)[0];
  // Compare even when the id is unknown, so timing does not reveal valid ids.
  const keyOk = secretEquals(apiKey, record ? record.api_key : DUMMY_KEY);
  if (!record || !keyOk) throw new ApiError(messages.credentialsInvalid());
  const clientIp = normalizeIp(ip);
  if (!ipAllowed(record.ip, clientIp)) throw new ApiError(messages.ipNotAllowed(clientIp));
  if (call && !callAllowed(record, call)) {
    throw new ApiError(messages.callNotAllowed(call));
  }
  return record;
}
