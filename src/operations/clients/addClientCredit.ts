import { defineMutation } from '../operation.js';
import { requireMainClient } from '../../domain/clients.js';
import { addCredit } from '../../domain/credit.js';
import { positiveCents } from '../../domain/money.js';
import { Checks } from '../../errors.js';
import type { AddClientCreditRequest, AddClientCreditResult } from '../../generated/wire.js';

/** The log entry's description when the call gives none. */
const DEFAULT_DESCRIPTION = 'Credit added by staff';

export default defineMutation<AddClientCreditRequest, AddClientCreditResult & { info: string[] }>({
  mutates: true,
  run(p, { world, now }) {
    const checks = new Checks();
    const { client, cents } = checks.settle({
      client: checks.value(() =>
        requireMainClient(world, p.client_id, (parent) => `credit belongs to the main client: add it to client ${parent}`),
      ),
      cents: checks.value(() => positiveCents(p.amount, 'amount')),
    });
    addCredit(world, client, cents, { description: p.description || DEFAULT_DESCRIPTION }, now);
    return { info: ['Client credit increased'] };
  },
});
