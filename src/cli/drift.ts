// `billsim drift`: billsim's read calls sent to a user's installation, each
// answer compared with billsim's schema for it. Answers the exit code:
// 0 nothing drifted, 1 something did, 2 a usage or connection error or any
// other failure, said in one line on stderr.
import { callDoor, callUpstream, notTheApi, plainHttpWarning, withoutKey } from '../lib/upstream.js';
import { maskSecretIn } from '../lib/secrets.js';
import { upstreamOf } from './installation-flags.js';
import { DRIFT_USAGE, parseDriftArgs } from './drift-options.js';
import { UsageError } from './options.js';
import { oneLine } from './one-line.js';
import { reportJson, reportText } from './drift/report.js';
import { reportOf, runDrift } from './drift/run.js';
import { type DoorSend, runDoorDrift } from './drift/door.js';

export interface Output {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const processOutput: Output = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

export async function drift(argv: string[], env: Record<string, string | undefined>, out: Output = processOutput): Promise<number> {
  let config: ReturnType<typeof parseDriftArgs>;
  try {
    config = parseDriftArgs(argv, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    out.stderr(`billsim drift: ${oneLine(error.message)} (see billsim drift --help)\n`);
    return 2;
  }
  if (config.command === 'help') {
    out.stdout(`${DRIFT_USAGE}\n`);
    return 0;
  }
  const upstream = upstreamOf(config);
  // Installation messages are quoted as they come; the key is taken out of anything printed.
  const { customer } = config;
  // Nor the customer's password, should an installation quote it.
  const hidden = (text: string) => (customer ? maskSecretIn(withoutKey(text, upstream), customer.password) : withoutKey(text, upstream));
  const print = (write: (text: string) => void, text: string) => write(hidden(text));
  const warning = plainHttpWarning(config.url);
  if (warning) print(out.stderr, `billsim drift: warning: ${warning}\n`);
  let report: Awaited<ReturnType<typeof runDrift>>;
  try {
    // Only read calls are sent, so every one may be retried.
    report = await runDrift((call, params) => callUpstream(upstream, call, params, { retry: true }), {
      calls: config.calls,
      concurrency: config.concurrency,
      describe: (call, answer) => notTheApi(upstream, call, answer),
    });
    if (customer) {
      // The door's requests: the login POSTed once, then GET requests only, which may be retried.
      const send: DoorSend = (method, target, body, token) =>
        callDoor(
          upstream,
          {
            method,
            target,
            ...(body && { body: JSON.stringify(body), contentType: 'application/json' }),
            ...(token && { authorization: `Bearer ${token}` }),
          },
          { retry: method === 'GET' },
        );
      const door = await runDoorDrift(send, customer, config.concurrency);
      report = reportOf([...report.calls, ...door.calls], report.connectionError ?? door.lost);
    }
  } catch (error) {
    // The installation's refusal, no answer, or anything unforeseen: one line and exit 2, never a stack trace.
    const message = error instanceof Error ? error.message : String(error);
    print(out.stderr, `billsim drift: ${oneLine(hidden(message))}\n`);
    return 2;
  }
  if (config.json) print(out.stdout, `${JSON.stringify(reportJson(report, config.url), null, 2)}\n`);
  else print(out.stdout, reportText(report, config.url));
  if (report.connectionError) return 2;
  return report.summary.drifted > 0 ? 1 : 0;
}
