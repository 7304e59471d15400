// A webhook receiver for tests: a real HTTP server on 127.0.0.1 that keeps
// every request it is sent (headers and raw body) and answers as the test
// says: a status per request, or held until the test lets it go. With
// `secure`, it serves https:// with the self-signed certificate beside this
// file (RECEIVER_CA is what a client must trust to reach it).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status of the next requests, in order; 200 once it runs out. */
  statuses: number[];
  /** While set, requests get no answer until release() (a slow receiver). */
  hold: boolean;
  release(): void;
  close(): Promise<void>;
}

const tls = (name: string) => readFileSync(new URL(`./tls/${name}`, import.meta.url), 'utf8');
/** The receiver's self-signed certificate, for 127.0.0.1 and localhost. */
export const RECEIVER_CA = tls('cert.pem');

export async function receiver(t: Test, port = 0, secure = false): Promise<Receiver> {
  const held: http.ServerResponse[] = [];
  const state: Receiver = {
    url: '',
    received: [],
    statuses: [],
    hold: false,
    release() {
      state.hold = false;
      for (const res of held.splice(0)) res.writeHead(200).end('ok');
    },
    close: () =>
      new Promise((resolve) => {
        for (const res of held.splice(0)) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const handle: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      state.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (state.hold) held.push(res);
      else res.writeHead(state.statuses.shift() ?? 200).end('ok');
    });
  };
  const server = secure ? https.createServer({ key: tls('key.pem'), cert: RECEIVER_CA }, handle) : http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  state.url = `${secure ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  t.teardown(() => (server.listening ? state.close() : undefined));
  return state;
}
