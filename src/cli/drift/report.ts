// The drift report as a person reads it (text, grouped by call) and as a
// program reads it (--json). Neither holds the API key: the caller passes
// what it prints through withoutKey as well, since installation messages are quoted.
// What the installation said (its messages, keys, ids) is quoted one line each.
import type { Difference } from './compare.js';
import type { CallReport, DriftReport } from './run.js';
import { oneLine } from '../one-line.js';

/** The --json shape (documented in the README's drift section). */
export function reportJson(report: DriftReport, against: URL): Record<string, unknown> {
  return {
    against: against.href,
    drifted: report.summary.drifted > 0,
    summary: report.summary,
    ...(report.connectionError ? { connectionError: report.connectionError } : {}),
    calls: report.calls,
  };
}

function where(path: string): string {
  return path === '' ? 'the answer' : path;
}

/** One difference as one line: what the installation answered, then what billsim's schema has. */
export function differenceLine(d: Difference): string {
  const times = d.count > 1 ? ` (${d.count} times)` : '';
  switch (d.kind) {
    case 'missing':
      return `missing   ${where(d.path)}: billsim's schema requires it${times}`;
    case 'added':
      return `added     ${where(d.path)} (${d.found}): not in billsim's schema${times}`;
    case 'type':
      return `type      ${where(d.path)}: ${d.found} where billsim has ${d.expected}${times}`;
    case 'order':
      return `order     ${where(d.path)}: ${d.found}; billsim's order: ${d.expected}${times}`;
    case 'envelope':
      return `envelope  ${where(d.path)}: ${d.found} where billsim has ${d.expected}${times}`;
    case 'answer':
      return `answer    ${where(d.path)}: ${d.found} where billsim has ${d.expected}${times}`;
  }
}

function sent(call: CallReport): string {
  const params = Object.entries(call.params ?? {}).map(([name, value]) => `${name}=${value}`);
  return params.length > 0 ? ` (${oneLine(params.join(', '))})` : '';
}

/** The text report: drifted calls with their differences, the calls that did not drift, the ones not checked and why. */
export function reportText(report: DriftReport, against: URL): string {
  const lines = [`billsim drift against ${against.href}`, ''];
  const drifted = report.calls.filter((c) => c.status === 'drifted');
  for (const call of drifted) {
    const n = call.differences!.length;
    lines.push(`${call.call}${sent(call)}: ${n} difference${n === 1 ? '' : 's'}`);
    for (const difference of call.differences!) lines.push(`  ${oneLine(differenceLine(difference))}`);
    lines.push('');
  }
  const ok = report.calls.filter((c) => c.status === 'ok').map((c) => c.call);
  if (ok.length > 0) lines.push(`No drift (${ok.length}): ${ok.join(', ')}`, '');
  const skipped = report.calls.filter((c) => c.status === 'not checked');
  if (skipped.length > 0) {
    lines.push(`Not checked (${skipped.length}):`);
    for (const call of skipped) lines.push(`  ${call.call}${sent(call)}: ${oneLine(call.reason ?? '')}`);
    lines.push('');
  }
  const { checked, notChecked } = report.summary;
  lines.push(`${checked} checked, ${drifted.length} drifted, ${notChecked} not checked.`);
  if (report.connectionError) lines.push(`The installation stopped answering: ${oneLine(report.connectionError)}`);
  return `${lines.join('\n')}\n`;
}
