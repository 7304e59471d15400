// The import's one way to ask the installation: read calls only, at most
// `concurrency` in flight and `maxRequests` in all, each answer's envelope
// judged once. The first answer must be the API's whole envelope (success,
// call, server_time), else the address is not an installation's and the
// import ends; so do refused credentials and an installation that stops
// answering. After that, a call the key may not use, or whose answer is not
// the API's (an HTML page, text that is not JSON), is skipped with its reason
// (with `strict`, it ends the import). Past the cap nothing more is sent:
// every read answers undefined, so each walk ends where it is.
import pLimit from 'p-limit';
import {
  callUpstream,
  envelopeErrors,
  isEnvelope,
  notTheApi,
  refusesCredentials,
  withoutKey,
  type Upstream,
  UpstreamError,
} from '../../lib/upstream.js';
import { MAX_ANSWER_DEPTH, nestsDeeperThan } from '../../lib/nesting.js';

/** Why the import stops; its message is the one line the user sees. */
export class ImportFailure extends Error {}

export { refusesCredentials };

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
  /** An answer that is not the API's ends the import instead of skipping its call. */
  strict?: boolean;
}

export function createReader(upstream: Upstream, limits: ReaderLimits, events: ReaderEvents = {}): Reader {
  const run = pLimit(limits.concurrency);
  const skipped = new Map<string, string>();
  const misread = new Set<string>();
  const warnings: string[] = [];
  let sent = 0;
  let capped = false;
  let answered = 0;
  let succeeded = 0;
  let failed: ImportFailure | undefined;
  // Until one answer was the API's whole envelope, the address may be anything's.
  let proven = false;
  const fail = (message: string): never => {
    failed ??= new ImportFailure(message);
    throw failed;
  };
  /** A call whose answer cannot be read: skipped once installation-wide, or the end of the import when not proven or strict. */
  const unreadable = (call: string, why: string): undefined => {
    if (!proven || limits.strict) fail(why);
    if (!skipped.has(call)) skipped.set(call, why);
    misread.add(call);
    return undefined;
  };
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
      let answer: Awaited<ReturnType<typeof callUpstream>>;
      try {
        answer = await callUpstream(upstream, call, params, { retry: true });
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw failed ?? error;
        const message = withoutKey(error.message, upstream);
        // An installation out of reach is the end (what follows would be missing too); one slow call, or an answer that is not JSON, skips that call.
        if (error.kind === 'unreachable' || error.kind === 'usage') fail(message);
        return unreadable(call, message);
      } finally {
        answered++;
        events.answered?.();
      }
      const { json } = answer;
      if (nestsDeeperThan(json, MAX_ANSWER_DEPTH)) {
        fail(`${upstream.url.origin} answered ${call} with JSON nested deeper than ${MAX_ANSWER_DEPTH} levels, which no API answer is`);
      }
      if (!isEnvelope(json, !proven)) {
        return unreadable(
          call,
          proven ? `${upstream.url.origin} answered ${call} with JSON that is not the API's envelope` : notTheApi(upstream, call, answer),
        );
      }
      proven = true;
      const errors = envelopeErrors(json);
      if (errors) {
        const said = withoutKey(errors.join('; '), upstream);
        if (refusesCredentials(errors)) fail(`${upstream.url.origin} refused the credentials: ${said}`);
        if (!skipped.has(call)) skipped.set(call, said);
        return undefined;
      }
      succeeded++;
      return json as Answer;
    });
  };
  return {
    read,
    skipped,
    misread,
    warnings,
    done: () => answered,
    succeeded: () => succeeded,
    capped: () => capped,
  };
}
