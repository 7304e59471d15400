// Two ways to measure: autocannon for throughput under concurrent load, and a
// sequential client for exact single-request latencies (autocannon's latency
// histogram counts whole milliseconds, too coarse to compare 0.3 ms with 0.4 ms).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const CREDENTIALS = { api_id: 'billsim', api_key: 'billsim-secret' };
export const SESSION_HEADER = 'x-billsim-session';

export interface Call {
  /** Each request adds a record, so the world is no longer the bundled one after it. */
  grows?: boolean;
  name: string;
  params: Record<string, string>;
  mutates: boolean;
}

export interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers: Record<string, string>;
}

/** The call as a GET (parameters in the query) or an urlencoded POST (parameters in the body). */
export function request(apiPath: string, call: Call, method: 'GET' | 'POST', session: string): Request {
  const query = new URLSearchParams({ call: call.name, ...CREDENTIALS, ...call.params }).toString();
  const headers: Record<string, string> = { [SESSION_HEADER]: session };
  if (method === 'GET') return { method, path: `${apiPath}?${query}`, headers };
  return { method, path: apiPath, body: query, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Mean answer time in ms, with fractions (the percentiles are whole ms). */
  mean: number;
  requests: number;
  /** Non-2xx answers, socket errors and timeouts: all should be 0. */
  failures: number;
}

/** `rate`: requests per second over all connections (autocannon's overallRate); as fast as the server answers when absent. */
export async function load(origin: string, req: Request, connections: number, duration: number, rate?: number): Promise<LoadResult> {
  const result = await autocannon({
    ...(rate ? { overallRate: rate } : {}),
    url: `${origin}${req.path}`,
    method: req.method,
    body: req.body,
    headers: req.headers,
    connections,
    duration,
    // autocannon only notices the end of a run at a sample tick (default every 1 s).
    sampleInt: 100,
  });
  return {
    // requests.average is per sample tick; total / measured duration is per second.
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request over a kept-alive connection: the parsed body and the time it took in ms. */
export function send(origin: string, req: Request): Promise<{ ms: number; body: Record<string, unknown> }> {
  const url = new URL(req.path, origin);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const r = http.request(url, { method: req.method, headers: req.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ms = performance.now() - started;
        try {
          resolve({ ms, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        } catch (error) {
          reject(error);
        }
      });
    });
    r.on('error', reject);
    r.end(req.body);
  });
}

/** Sends the request and fails unless the API answered success:true. */
export async function expectSuccess(origin: string, req: Request): Promise<number> {
  const { ms, body } = await send(origin, req);
  if (body.success !== true) throw new Error(`${req.method} ${req.path} answered ${JSON.stringify(body).slice(0, 300)}`);
  return ms;
}

/** Sequential latencies of the given requests (cycled `count` times), in ms. */
export async function probe(origin: string, reqs: Request[], count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await expectSuccess(origin, reqs[i % reqs.length]));
  return times;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const median = (values: number[]) => percentile(values, 50);

/**
 * Each call's answer from a billsim server (a mutation's from a fresh session),
 * written to a temporary file for the reference servers and the peers to send.
 */
export async function recordAnswers(
  serverUrl: string,
  calls: Call[],
): Promise<{ file: string; answers: Record<string, Record<string, unknown>> }> {
  const url = new URL(serverUrl);
  const answers: Record<string, Record<string, unknown>> = {};
  for (const call of calls)
    answers[call.name] = (await send(url.origin, request(url.pathname, call, 'GET', `bench-answer-${call.name}`))).body;
  const file = path.join(os.tmpdir(), `billsim-bench-answers-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(answers));
  return { file, answers };
}
