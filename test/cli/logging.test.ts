// What a person at a terminal reads: one line per API call, a failed call's
// first error on it.
import t from 'tap';
import { Writable } from 'node:stream';
import pino from 'pino';
import pretty from 'pino-pretty';
import { PRETTY } from '../../src/cli/logging.js';

function prettyLines(log: (logger: pino.Logger) => void): string[] {
  let text = '';
  const destination = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  const logger = pino({ level: 'info' }, pretty({ ...PRETTY, colorize: false, sync: true, destination }));
  log(logger);
  return text.split('\n').filter(Boolean);
}

t.test('an API call is one line; a failed one ends with its first error', async (t) => {
  const lines = prettyLines((log) => {
    log.info({ reqId: 'req-1', call: 'getCurrencies', session: 'default', success: true, durationMs: 1.25 }, 'api call');
    log.info(
      {
        reqId: 'req-2',
        call: 'addInvoicePayment',
        session: 'w1',
        success: false,
        durationMs: 3,
        error: 'Parameter amount must be more than 0',
      },
      'api call',
    );
  });
  t.equal(lines.length, 2, 'two calls, two lines');
  t.match(lines[0], /^\[\d\d:\d\d:\d\d\] INFO: api call getCurrencies \[default\] 1\.25 ms$/);
  t.match(lines[1], /INFO: api call addInvoicePayment \[w1\] 3 ms: Parameter amount must be more than 0$/);
});

t.test('other entries keep their own fields on their line', async (t) => {
  const lines = prettyLines((log) => log.warn({ signal: 'SIGTERM' }, 'shutting down'));
  t.equal(lines.length, 1);
  t.match(lines[0], /WARN: shutting down \{"signal":"SIGTERM"\}$/);
});
