// A webhook receiver for tests: a real HTTP server on 127.0.0.1 that keeps
// every request it is sent (headers and raw body) and answers as the test
// says: a status per request, or held until the test lets it go.
import http from 'node:http';
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

export async function receiver(t: Test, port = 0): Promise<Receiver> {
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
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      state.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (state.hold) held.push(res);
      else res.writeHead(state.statuses.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  t.teardown(() => (server.listening ? state.close() : undefined));
  return state;
}
