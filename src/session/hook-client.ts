// A small HTTP/1.1 client for webhook deliveries to http:// receivers: one
// kept-alive connection per receiver (a webhook's deliveries go one at a time),
// the request written as one text, and only the status line and the framing of
// the answer read. node:http's client cost several times what the API call
// that raised the event costs, on the event loop the API's answers share.
import net from 'node:net';

interface Kept {
  socket: net.Socket;
  busy: boolean;
}

const kept = new Map<string, Kept>();

/** Where the answer's head ends, and its status and framing once it has arrived. */
function head(buffer: string): { end: number; status: number; length?: number; chunked: boolean; close: boolean } | undefined {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const lines = buffer.slice(0, end).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0])?.[1] ?? 0);
  let length: number | undefined;
  let chunked = false;
  let close = lines[0].startsWith('HTTP/1.0');
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (name === 'content-length') length = Number(value);
    else if (name === 'transfer-encoding') chunked = value.includes('chunked');
    else if (name === 'connection') close = value.includes('close');
  }
  return { end: end + 4, status, length, chunked, close };
}

/** POSTs `body` to an http:// URL; the receiver's status, or a rejection saying why none came within `timeoutMs`. */
export function postPlain(
  url: URL,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<number> {
  const key = `${url.hostname}:${url.port || 80}`;
  let held = kept.get(key);
  if (held && (held.busy || held.socket.destroyed)) held = undefined;
  const socket = held?.socket ?? net.connect({ host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 80) });
  const entry: Kept = held ?? { socket, busy: true };
  entry.busy = true;
  if (!held) {
    kept.set(key, entry);
    // A kept connection the receiver drops between deliveries is forgotten, never an uncaught error.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (kept.get(key) === entry) kept.delete(key);
    });
  }
  let text = `POST ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\nconnection: keep-alive\r\n`;
  for (const [name, value] of Object.entries(headers)) text += `${name}: ${value}\r\n`;
  text += `\r\n${body}`;
  return new Promise((resolve, reject) => {
    let buffer = '';
    let done = false;
    const finish = (error: Error | undefined, status?: number, close = false) => {
      if (done) return;
      done = true;
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', onClose);
      socket.off('timeout', onTimeout);
      signal.removeEventListener('abort', onAbort);
      socket.setTimeout(0);
      entry.busy = false;
      if (error || close) {
        socket.destroy();
        if (kept.get(key) === entry) kept.delete(key);
      } else socket.unref();
      if (error) reject(error);
      else resolve(status as number);
    };
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      const got = head(buffer);
      if (!got) return;
      const rest = buffer.length - got.end;
      if (got.length !== undefined && rest >= got.length) finish(undefined, got.status, got.close);
      else if (got.chunked && buffer.endsWith('0\r\n\r\n')) finish(undefined, got.status, got.close);
      else if (got.length === undefined && !got.chunked && got.status === 204) finish(undefined, got.status, got.close);
    };
    const onClose = () => {
      const got = head(buffer);
      // An answer framed by the connection's end is whole once it closes.
      if (got && got.length === undefined && !got.chunked) finish(undefined, got.status, true);
      else
        finish(
          new Error(buffer ? 'the receiver closed the connection mid-answer' : 'the receiver closed the connection without an answer'),
        );
    };
    const onError = (error: NodeJS.ErrnoException) => finish(new Error(error.code ? `${error.code}: ${error.message}` : error.message));
    const onTimeout = () => finish(new Error(`no answer within ${timeoutMs} ms`));
    const onAbort = () => finish(new Error('stopped'));
    socket.ref();
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('close', onClose);
    socket.on('timeout', onTimeout);
    signal.addEventListener('abort', onAbort);
    socket.setTimeout(timeoutMs);
    socket.write(text);
  });
}
