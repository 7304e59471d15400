// The Host header check against DNS rebinding: a page on a name the attacker
// controls (evil.example) re-points that name at 127.0.0.1 and then talks to
// billsim as its own origin, so neither CORS nor the Origin check sees anything
// cross-site. Only the Host header still names the attacker's domain. It is
// checked for every route, the API's included: the bundled key is public, so
// the API would let such a page read and change every session as well.
import { isIP } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { messages } from '../errors.js';
import { API_PATH, JSON_TYPE, SESSION_HEADER } from './endpoint.js';
import { errorEnvelope } from './envelope.js';
import { wrapRequests } from './listener.js';

/** Any name: the check is off. */
export const ANY_HOST = '*';

/** The host name of a Host header value, lower case, without its port, brackets or final dot. */
export function hostName(header: string): string {
  const value = header.trim().toLowerCase();
  const name = value.startsWith('[') ? value.slice(1, value.indexOf(']') >>> 0) : value.replace(/:\d*$/, '');
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** A name that always means this machine: localhost and its subdomains (browsers never ask DNS for them). */
export function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Whether a request's Host header may be answered: none at all (HTTP/1.0, not
 * a browser), an IP address (no DNS name to rebind), a loopback name, or one
 * of `allowed` (a name, or ".example.com" for it and its subdomains; "*" for any).
 */
export function hostAllowed(header: string | undefined, allowed: readonly string[]): boolean {
  if (header === undefined || header === '') return true;
  const name = hostName(header);
  if (isIP(name) !== 0 || isLoopbackName(name) || allowed.includes(ANY_HOST)) return true;
  return allowed.some((entry) => entry === name || (entry.startsWith('.') && (name === entry.slice(1) || name.endsWith(entry))));
}

function refuse(req: IncomingMessage, res: ServerResponse, host: string, now: Date): void {
  // The header is client text: cut short in the message.
  const shown = host.slice(0, 100);
  const message = messages.hostNotAllowed(shown, hostName(shown) || shown);
  const url = req.url ?? '';
  const api = url === API_PATH || url.startsWith(`${API_PATH}?`);
  // The API answers its clients with the envelope and HTTP 200 (as every refusal); other routes with 403.
  const call = api ? (new URLSearchParams(url.slice(API_PATH.length + 1)).get('call') ?? '') : '';
  const body = JSON.stringify(api ? errorEnvelope(call.slice(0, 100), now, [message]) : { error: message });
  res.writeHead(api ? 200 : 403, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** Refuses requests whose Host is not allowed before any route, direct or Fastify's, sees them. */
export function guardHosts(app: FastifyInstance, allowed: readonly string[]): void {
  const names = allowed.map((name) => name.toLowerCase());
  wrapRequests(app.server, (next) => (req, res) => {
    const host = req.headers.host;
    if (hostAllowed(host, names)) return next(req, res);
    // The body, if any, is left unread: drop it with the connection.
    res.shouldKeepAlive = false;
    // server_time is the clock of the session the request names, as in every envelope.
    refuse(req, res, host!, app.billsim.sessions.clockNow(req.headers[SESSION_HEADER]));
  });
}
