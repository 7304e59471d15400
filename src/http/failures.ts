import type { ServerResponse } from 'node:http';

// A failure below the envelope: instead of the JSON answer, the transport
// breaks the way a real installation behind a proxy does, so a client can
// rehearse it. Both ways a request is answered (the Fastify route and the
// direct path) write one through writeFailure, with the headers the answer
// would have carried (CORS among them, so a browser sees the failure itself
// rather than a CORS refusal).
//
// - reset: the connection is reset (a TCP RST) without a byte of answer;
//   node:http reports ECONNRESET, fetch rejects with "fetch failed".
// - empty: HTTP 200 (or the stub's status) with no body (content-length 0, no
//   content type), as PHP answers when it dies before printing.
// - malformed: HTTP 200 (or the stub's status) declared application/json
//   whose body is the first half of the answer followed by a PHP fatal error:
//   never JSON, always the same bytes for the same answer.
// - html: HTTP 502 (or the stub's status) with nginx's own "Bad Gateway" page
//   as text/html (and "server: nginx"), as when PHP-FPM behind nginx is down.
// - slow: the answer itself, its headers at once and its body in a few
//   pieces spread over delayMs (at most MAX_SLOW_MS), the last at the end;
//   content-length tells the client to wait for all of it. A client that
//   goes away stops the drip.

export type Failure = 'reset' | 'empty' | 'malformed' | 'html' | 'slow';

/** A failure as an outcome carries it. */
export interface FailureSpec {
  kind: Failure;
  /** How long a slow answer takes to arrive, in ms. */
  delayMs?: number;
}

/** The longest a slow answer drips (the same bound as a fault's delay). */
export const MAX_SLOW_MS = 60_000;
/** How many pieces a slow answer's body arrives in (fewer when it is shorter). */
export const SLOW_PIECES = 5;

export const BAD_GATEWAY_HTML =
  '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

const PHP_FATAL =
  '\n<br />\n<b>Fatal error</b>:  Allowed memory size of 134217728 bytes exhausted (tried to allocate 262144 bytes) in <b>/var/www/html/includes/api.php</b> on line <b>412</b><br />\n';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The body of a malformed answer: the JSON cut in half (never inside a surrogate pair), then PHP's fatal error. */
export function malformedBody(json: string): string {
  let cut = Math.floor(json.length / 2);
  const code = json.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return json.slice(0, cut) + PHP_FATAL;
}

/** Headers as node:http and Fastify hold them. */
export type AnswerHeaders = Readonly<Record<string, number | string | readonly string[] | undefined>>;

/** Sets the given headers but the content ones, which each failure sets itself. */
function setHeaders(res: ServerResponse, headers: AnswerHeaders): void {
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value !== undefined && lower !== 'content-type' && lower !== 'content-length') res.setHeader(name, value);
  }
}

function answer(res: ServerResponse, status: number, type: string | undefined, body: string): void {
  if (type) res.setHeader('content-type', type);
  res.setHeader('content-length', String(Buffer.byteLength(body)));
  res.writeHead(status);
  res.end(body);
}

/**
 * Writes `failure` on `res` in place of the answer whose JSON text is `json`.
 * `headers` are the ones that answer would carry besides its content headers
 * (CORS); `status` is the HTTP status every failure but the reset (which
 * sends nothing) answers with: a stub's own, else 502 for html and 200 for the rest.
 */
export function writeFailure(res: ServerResponse, failure: FailureSpec, json: string, headers: AnswerHeaders = {}, given?: number): void {
  const status = given ?? (failure.kind === 'html' ? 502 : 200);
  if (failure.kind === 'reset') {
    reset(res);
    return;
  }
  setHeaders(res, headers);
  switch (failure.kind) {
    case 'empty':
      answer(res, status, undefined, '');
      return;
    case 'malformed':
      answer(res, status, JSON_TYPE, malformedBody(json));
      return;
    case 'html':
      res.setHeader('server', 'nginx');
      answer(res, status, 'text/html', BAD_GATEWAY_HTML);
      return;
    case 'slow':
      drip(res, status, json, failure.delayMs ?? 0);
      return;
  }
}

/** Closes the connection with a TCP reset where the socket can (a plain close elsewhere). */
function reset(res: ServerResponse): void {
  const socket = res.socket;
  if (socket && typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
  else res.destroy();
}

/** The headers at once, then the body in pieces one interval apart, the last at delayMs. */
function drip(res: ServerResponse, status: number, json: string, delayMs: number): void {
  const total = Math.min(Math.max(0, Number.isFinite(delayMs) ? delayMs : 0), MAX_SLOW_MS);
  // A status that carries no body (204, 304) sends none, as the answer would.
  const body = status === 204 || status === 304 ? Buffer.alloc(0) : Buffer.from(json);
  if (body.length) res.setHeader('content-type', JSON_TYPE);
  res.setHeader('content-length', String(body.length));
  res.writeHead(status);
  res.flushHeaders();
  const pieces = Math.max(1, Math.min(SLOW_PIECES, body.length));
  const size = Math.ceil(body.length / pieces);
  let timer: NodeJS.Timeout | undefined;
  // A client that goes away ends the drip; nothing is left scheduled.
  const stop = () => clearTimeout(timer);
  res.once('close', stop);
  const send = (piece: number) => {
    if (res.destroyed || res.writableEnded) return;
    const chunk = body.subarray((piece - 1) * size, piece === pieces ? body.length : piece * size);
    if (piece < pieces) {
      res.write(chunk);
      timer = setTimeout(send, total / pieces, piece + 1);
      return;
    }
    res.off('close', stop);
    res.end(chunk);
  };
  timer = setTimeout(send, total / pieces, 1);
}
