// npm run password -- TEXT [--id ID --email EMAIL]
// Prints the stored form of a password, for a client's `password` in a fixture.
// With --id and --email it is the hash addClient (and the world loader, for a
// plain-text password) would store for that client; without, the salt is random.
import { parseArgs } from 'node:util';
import { hashNow, saltFor } from '../src/lib/password-hash.js';

const USAGE = 'usage: npm run password -- TEXT [--id ID --email EMAIL]';
const { values, positionals } = parseArgs({ options: { id: { type: 'string' }, email: { type: 'string' } }, allowPositionals: true });
if (positionals.length !== 1 || positionals[0] === '' || Boolean(values.id) !== Boolean(values.email)) {
  process.stderr.write(`password: give one non-empty password (and --id with --email, or neither)\n${USAGE}\n`);
  process.exit(2);
}
const salt = values.id && values.email ? saltFor(values.id, values.email) : undefined;
process.stdout.write(`${hashNow(positionals[0], salt)}\n`);
