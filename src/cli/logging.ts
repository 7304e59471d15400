// How the server logs: one JSON line per entry when stdout is not a terminal
// (for log collectors), one readable line per entry when it is (for a person).
import type { LogLevel } from './options.js';

/**
 * pino-pretty's options for a terminal: one line per entry, an API call as
 * "api call getCurrencies [default] 1.2 ms", a failed one followed by its
 * first error. The fields the line shows are not repeated after it.
 */
export const PRETTY = {
  translateTime: 'SYS:HH:MM:ss',
  singleLine: true,
  ignore: 'pid,hostname,reqId,call,session,success,durationMs,error',
  messageFormat: '{msg}{if call} {call}{end}{if session} [{session}]{end}{if durationMs} {durationMs} ms{end}{if error}: {error}{end}',
};

/** The logger's options: pretty lines on a terminal, JSON lines elsewhere. */
export function loggerOptions(level: LogLevel, terminal: boolean) {
  return terminal ? { level, transport: { target: 'pino-pretty', options: PRETTY } } : { level };
}
