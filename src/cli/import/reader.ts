// The import's one way to ask the installation: read calls only, at most
// `concurrency` in flight and `maxRequests` in all, each answer's envelope
// judged once. Refused credentials and answers that are not the API's end the
// import; a call the key may not use (or that fails for one record) is
// skipped with a warning. Past the cap nothing more is sent: every read
// answers undefined, so each walk ends where it is.
import pLimit from 'p-limit';
import { callUpstream, envelopeErrors, withoutKey, type Upstream, UpstreamError } from '../../lib/upstream.js';
import { MAX_ANSWER_DEPTH, nestsDeeperThan } from '../../lib/nesting.js';

/** Why the import stops; its message is the one line the user sees. */
export class ImportFailure extends Error {}

// What an installation says when the credentials, or the address they come
// from, are refused, rather than one call: billsim's and HostBill's wording.
// ("Access denied: call X is not enabled for this API key" refuses one call.)
const CREDENTIALS_REFUSED = /authenticat|invalid api[ _]?(id|key)|invalid credentials|wrong api/i;

/** Whether an error envelope's messages refuse the credentials themselves (every call would fail). */
export function refusesCredentials(messages: readonly string[]): boolean {
  return messages.some((m) => CREDENTIALS_REFUSED.test(m));
}

import type { Answer, Reader } from './types.js';

export type { Answer, Reader };

export interface ReaderEvents {
  /** A request was queued (the total to show grows as the walk finds records). */
  queued?: () => void;
  /** A request was answered. */
  answered?: () => void;
}

/** Only calls that read: the import must never change the installation, whatever a later change to the walk asks. */
const READ_CALL = /^(get|list)[A-Z]/;

export interface ReaderLimits {
  /** Requests in flight at once. */
  concurrency: number;
  /** Requests in all, retries not counted. */
  maxRequests: number;
}

export function createReader(upstream: Upstream, limits: ReaderLimits, events: ReaderEvents = {}): Reader {
  const run = pLimit(limits.concurrency);
  const skipped = new Map<string, string>();
  const warnings: string[] = [];
  let sent = 0;
  let capped = false;
  let answered = 0;
  let succeeded = 0;
  let failed: ImportFailure | undefined;
  const read = async (call: string, params: Record<string, string> = {}): Promise<Answer | undefined> => {
    if (!READ_CALL.test(call)) throw new Error(`import asked for ${call}, which is not a read call`);
    events.queued?.();
    return run(async () => {
      if (failed) throw failed;
      if (sent >= limits.maxRequests) {
        capped = true;
        events.answered?.();
        return undefined;
      }
      sent++;
      let json: unknown;
      try {
        ({ json } = await callUpstream(upstream, call, params, { retry: true }));
      } catch (error) {
        if (error instanceof UpstreamError) failed ??= new ImportFailure(withoutKey(error.message, upstream));
        throw failed ?? error;
      } finally {
        answered++;
        events.answered?.();
      }
      if (nestsDeeperThan(json, MAX_ANSWER_DEPTH)) {
        failed ??= new ImportFailure(
          `${upstream.url.origin} answered ${call} with JSON nested deeper than ${MAX_ANSWER_DEPTH} levels, which no API answer is`,
        );
        throw failed;
      }
      const errors = envelopeErrors(json);
      if (errors) {
        const said = withoutKey(errors.join('; '), upstream);
        if (refusesCredentials(errors)) {
          failed ??= new ImportFailure(`${upstream.url.origin} refused the credentials: ${said}`);
          throw failed;
        }
        if (!skipped.has(call)) skipped.set(call, said);
        return undefined;
      }
      if (typeof json !== 'object' || json === null || Array.isArray(json)) {
        failed ??= new ImportFailure(`${upstream.url.origin} answered ${call} with JSON that is not the API's envelope`);
        throw failed;
      }
      succeeded++;
      return json as Answer;
    });
  };
  return {
    read,
    skipped,
    warnings,
    done: () => answered,
    succeeded: () => succeeded,
    capped: () => capped,
  };
}
