// What the start-up says about who can reach this server.
import { isIP } from 'node:net';
import { isLoopbackName } from '../http/hosts.js';
import { maskSecret } from '../lib/secrets.js';

/** Whether a listen address reaches only this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopbackAddress(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  return isLoopbackName(name) || name === '::1' || (isIP(name) === 4 && name.startsWith('127.'));
}

/**
 * The warning printed once at start when the control routes are open to the
 * network: anyone who reaches the port can reset, restore and read every session.
 */
export function exposureWarning(host: string, controlToken: string | undefined): string | undefined {
  if (controlToken || isLoopbackAddress(host)) return undefined;
  return (
    `billsim: warning: listening on ${host} without --control-token: anyone who can reach this port can read and reset ` +
    'every session through /__billsim. Set --control-token (BILLSIM_CONTROL_TOKEN) unless this network is yours alone.\n'
  );
}

/** Host names to answer besides the ones listed: the listen address when it is a name (--host billsim). */
export function listenNames(host: string): string[] {
  const name = host.toLowerCase();
  return isIP(name) === 0 && !isLoopbackName(name) ? [name] : [];
}

/**
 * The key as the banner shows it: whole when it is the world's own (bundled or
 * fixtures), masked when it came from BILLSIM_API_KEY, since terminals and CI
 * logs are read by others; the curl line then reads it from the environment.
 */
export function bannerKey(key: string, fromEnv: boolean): { shown: string; query: string } {
  if (!fromEnv) return { shown: key, query: encodeURIComponent(key) };
  return { shown: `${maskSecret(key)} (from BILLSIM_API_KEY)`, query: '$BILLSIM_API_KEY' };
}

/**
 * The banner's line on who may call the API from a browser while --proxy is
 * on (src/http/cross-site.ts, proxiedOriginAllowed): loopback origins, and
 * those --cors lists, since a page could otherwise read the installation.
 */
export function proxyOriginsLine(cors: true | readonly string[]): string {
  const listed = cors === true ? [] : cors.filter((origin) => origin !== '*');
  const which = listed.length > 0 ? `loopback origins and ${listed.join(', ')} only` : 'loopback origins only (--cors adds others)';
  return `  origins: the API takes browser requests from ${which}, since it reaches your installation`;
}
