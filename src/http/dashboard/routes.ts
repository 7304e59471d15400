// The dashboard: GET /__billsim/ serves its page, /__billsim/dashboard/<file>
// its browser modules and styles from the package's dashboard/ folder. They are
// open even with --control-token (they hold no data: the page asks for the
// token and sends it on every control request). Files are read once, on the
// first request, and answered with an ETag, so a reload costs a 304 per file.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { packageRoot } from '../../paths.js';
import { SECRET } from '../../session/journal.js';
import { ControlError } from '../../session/control-error.js';
import { collectionFields } from '../../session/control.js';
import { controlRef, schemaAt } from '../../schemas.js';
import { COLLECTION_NAMES } from '../../store/fixtures.js';
import type { Route } from '../route.js';

export const DASHBOARD_DIR = path.join(packageRoot, 'dashboard');

/** The page loads only its own files and talks only to this origin; nothing inline runs. */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

interface Asset {
  body: Buffer;
  type: string;
  etag: string;
}

function asset(name: string, body: Buffer): Asset {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  return { body, type: TYPES[path.extname(name)], etag };
}

/** The limits of a control input's fields (minimum, maximum, maxLength, ...), from its schema. */
function limitsOf(ref: string): Record<string, Record<string, number>> {
  const properties = (schemaAt(ref)?.properties ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(properties).map((field) => {
      const schema = schemaAt(`${ref}/properties/${field}`) ?? {};
      const limits = Object.entries(schema).filter(([key, value]) => /^(min|max)/.test(key) && typeof value === 'number');
      return [field, Object.fromEntries(limits) as Record<string, number>];
    }),
  );
}

/**
 * Every file of the folder, plus meta.json: what the page needs from the server
 * that no control route says (the real call list for the fault and stub forms, each
 * collection's fields to follow references, which field names hold secrets,
 * from the journal's own rule, and the limits of the forms' fields, from the
 * control routes' schemas).
 */
function loadAssets(calls: readonly string[]): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const name of fs.readdirSync(DASHBOARD_DIR)) {
    if (TYPES[path.extname(name)]) assets.set(name, asset(name, fs.readFileSync(path.join(DASHBOARD_DIR, name))));
  }
  const fields = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, collectionFields(name)]));
  const limits = { fault: limitsOf(controlRef('addFault', 'body')), snapshot: limitsOf(controlRef('saveSnapshot', 'params')) };
  const meta = { calls: [...calls].sort(), fields, secretFields: { pattern: SECRET.source, flags: SECRET.flags }, limits };
  assets.set('meta.json', asset('meta.json', Buffer.from(JSON.stringify(meta))));
  return assets;
}

function send(request: FastifyRequest, reply: FastifyReply, file: Asset): FastifyReply {
  void reply
    .header('cache-control', 'no-cache')
    .header('etag', file.etag)
    .header('content-security-policy', DASHBOARD_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer');
  if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
  return reply.type(file.type).send(file.body);
}

/** The dashboard's routes, for the control routes' table (open: they need no token). */
export function dashboardRoutes(calls: readonly string[]): Route[] {
  let assets: Map<string, Asset> | undefined;
  const find = (name: string) => (assets ??= loadAssets(calls)).get(name);
  return [
    { method: 'GET', url: '/', open: true, handler: async (request, reply) => send(request, reply, find('index.html')!) },
    {
      method: 'GET',
      url: '/dashboard/:file',
      open: true,
      handler: async (request, reply) => {
        const { file } = request.params as { file: string };
        const found = file === 'index.html' ? undefined : find(file);
        if (!found) throw new ControlError('not-found', `No dashboard file ${file.slice(0, 64)}: the page is at GET /__billsim/`);
        return send(request, reply, found);
      },
    },
  ];
}
