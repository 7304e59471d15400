import t from 'tap';
import {
  accHash,
  lastReplyText,
  newTicketDept,
  ordinal,
  readAttachments,
  statusAfterReply,
  withPriority,
  ticketChecks,
  ticketNumber,
} from '../../src/domain/tickets.js';
import { ApiError, messages } from '../../src/errors.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import { world } from '../helpers/world.js';

const NOW = new Date('2026-11-20T12:00:00Z');

t.test('ticket numbers: 6 digits, a function of the id, never shared', async (t) => {
  t.equal(ticketNumber('1'), '814003');
  t.equal(ticketNumber('2'), '251624');
  t.equal(ticketNumber('1'), ticketNumber('1'), 'the same id, the same number: a replayed session agrees');
  const numbers = Array.from({ length: 20_000 }, (_, i) => ticketNumber(String(i + 1)));
  t.strictSame(
    numbers.filter((number) => !/^[1-9][0-9]{5}$/.test(number)),
    [],
    'every number has 6 digits',
  );
  t.equal(new Set(numbers).size, numbers.length, 'no two ids share a number');
  t.match(ticketNumber('899999'), /^[1-9][0-9]{5}$/, 'the last id of the span still has 6 digits');
});

t.test('acc_hash: 6 lower-case letters and digits, a function of the id', async (t) => {
  t.equal(accHash('1'), '7we19m');
  t.equal(accHash('3'), 'np5kr0');
  t.match(accHash('123456789012'), /^[a-z0-9]{6}$/, 'large ids too, without losing precision');
  t.not(accHash('1'), accHash('2'));
});

t.test('lastReplyText: minutes and hours within a day, days within a week, then the date', async (t) => {
  const cases: Array<[string, string]> = [
    ['2026-11-20 12:00:00', '1 minute ago'],
    ['2026-11-20 11:59:30', '1 minute ago'],
    ['2026-11-20 11:58:00', '2 minutes ago'],
    ['2026-11-20 11:00:01', '59 minutes ago'],
    ['2026-11-20 11:00:00', '1 hour ago'],
    ['2026-11-20 09:47:15', '2 hours ago'],
    ['2026-11-19 12:00:01', '23 hours ago'],
    ['2026-11-19 12:00:00', '1 day ago'],
    ['2026-11-18 16:40:02', '1 day ago'],
    ['2026-11-18 12:00:00', '2 days ago'],
    ['2026-11-13 12:00:01', '6 days ago'],
    ['2026-11-13 12:00:00', 'Nov 13th'],
    ['2026-11-01 08:00:00', 'Nov 1st'],
    ['2026-10-02 08:00:00', 'Oct 2nd'],
    ['2026-09-23 08:00:00', 'Sep 23rd'],
    ['2026-08-11 08:00:00', 'Aug 11th'],
    ['2026-01-31 08:00:00', 'Jan 31st'],
    ['2025-11-16 08:00:00', 'Nov 16th'],
  ];
  for (const [lastreply, text] of cases) t.equal(lastReplyText(lastreply, NOW), text, lastreply);
  t.equal(lastReplyText('2026-11-20 12:05:00', NOW), '1 minute ago', 'a reply after the clock (the clock set back) reads as just now');
});

t.test('ordinal days', async (t) => {
  const days: Record<number, string> = {
    1: '1st',
    2: '2nd',
    3: '3rd',
    4: '4th',
    11: '11th',
    12: '12th',
    13: '13th',
    21: '21st',
    22: '22nd',
    23: '23rd',
    30: '30th',
    31: '31st',
  };
  for (const [day, text] of Object.entries(days)) t.equal(ordinal(Number(day)), text);
});

t.test('readAttachments keeps names and decoded sizes', async (t) => {
  t.strictSame(readAttachments({ 'a.txt': 'aGVsbG8=', 'b.bin': 'AAAA', 'c.log': 'aGk=', 'empty.txt': '', 'mime.txt': 'aGVs\r\nbG8=' }), [
    { filename: 'a.txt', size: '5' },
    { filename: 'b.bin', size: '3' },
    { filename: 'c.log', size: '2' },
    { filename: 'empty.txt', size: '0' },
    { filename: 'mime.txt', size: '5' },
  ]);
  t.strictSame(readAttachments(undefined), []);
  for (const bad of ['abc', 'aGVsbG8', 'aGVs bG8=', 'aGVsbG8=aGk=', '####', 'a===']) {
    t.throws(
      () => readAttachments({ 'x.txt': bad }),
      new ApiError("Attachment x.txt is not valid base64: send the file's content base64-encoded as attachments[x.txt]"),
      JSON.stringify(bad),
    );
  }
  for (const name of ['', 'a/b.txt', 'a\\b.txt', 'a\nb', 'x'.repeat(256)]) {
    t.throws(() => readAttachments({ [name]: 'AAAA' }), new ApiError(messages.attachmentName(name)), JSON.stringify(name.slice(0, 20)));
  }
});

t.test('the status a reply leaves', async (t) => {
  t.equal(statusAfterReply('Admin'), 'Answered');
  t.equal(statusAfterReply('Client'), 'Client-Reply');
  t.equal(statusAfterReply('Admin', 'Closed'), 'Closed', 'status_change wins');
  t.equal(statusAfterReply('Client', 'In-Progress'), 'In-Progress');
});

t.test('ticketChecks: texts by any part, ids exactly, the day opened by the operator', async (t) => {
  const tickets = loadFixtures(defaultFixturesDir).tickets;
  const ids = (...args: Parameters<typeof ticketChecks>) => {
    const checks = ticketChecks(...args);
    return tickets.filter((ticket) => checks.every((check) => check(ticket))).map((ticket) => ticket.id);
  };
  t.strictSame(ids({}), ['1', '2', '3', '4', '5', '6', '7', '8']);
  t.strictSame(ids({ name: 'EVANS' }), ['3']);
  t.strictSame(ids({ email: 'keller' }), ['2']);
  t.strictSame(ids({ body: 'kernel' }), ['4']);
  t.strictSame(ids({ ticket_number: '8140' }), ['1']);
  t.strictSame(ids({ dept_id: '3' }), ['7', '8']);
  t.strictSame(ids({ owner_id: '1' }), ['4', '5']);
  t.strictSame(ids({ admin_read: '0' }), ['6', '7', '8']);
  t.strictSame(ids({ request_type: 'Task' }), ['4', '5']);
  t.strictSame(ids({ status: 'Answered' }), ['2', '5']);
  t.strictSame(ids({ date: '2026-11-19' }), ['6', '7']);
  t.strictSame(ids({ date: '2026-11-19' }, '<'), ['1', '2', '3', '4', '5']);
  t.strictSame(ids({ date: '2026-11-19' }, '>'), ['8']);
  t.strictSame(ids({ date: '2026-11-19' }, '!='), ['1', '2', '3', '4', '5', '8']);
  t.strictSame(ids({ name: '', email: '', date: '' }), ['1', '2', '3', '4', '5', '6', '7', '8'], 'empty values are no filter');
  t.strictSame(ids({ dept_id: '2', admin_read: '1' }), ['1', '4', '5'], 'filters combine');
  t.throws(() => ticketChecks({ date: '2026-02-30' }), new ApiError('Parameter filter[date] must be a date as YYYY-MM-DD'));
});

t.test('newTicketDept: a visible department for every Active admin, its name and email checked together', async (t) => {
  const w = world({ admins: [{}, { status: 'Inactive', email: 'b@example.com' }, { email: 'c@example.com' }] });
  t.strictSame(newTicketDept(w, 'Abuse', 'abuse@example.com'), {
    id: '1',
    name: 'Abuse',
    description: '',
    email: 'abuse@example.com',
    visible: '1',
    assigned_admins: { 1: '1', 3: '3' },
  });
  t.throws(() => newTicketDept(w), new ApiError(['Email cannot be empty', 'Department name cannot be empty']));
  t.throws(() => newTicketDept(w, ' ', 'abuse@example.com'), new ApiError('Department name cannot be empty'));
});

t.test('withPriority: Low, Medium and High as the numbers tickets keep; the same ticket when nothing moves', async (t) => {
  const ticket = { ...loadFixtures(defaultFixturesDir).tickets[0], priority: '1' as const };
  t.equal(withPriority(ticket, 'Medium'), ticket, 'already Medium: the very same record, so nothing is written');
  t.strictSame(withPriority(ticket, 'Low'), { ...ticket, priority: '0' });
  t.strictSame(withPriority(ticket, 'High'), { ...ticket, priority: '2' });
});
