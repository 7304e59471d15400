import { defineMutation } from '../operation.js';
import { fail, messages } from '../../errors.js';
import { MAIN_PARENT_ID, requireClient } from '../../domain/clients.js';
import { addCredit } from '../../domain/credit.js';
import { toCents } from '../../domain/money.js';
import type { AddClientCreditRequest, AddClientCreditResult } from '../../generated/wire.js';

/** The log entry's description when the call gives none. */
const DEFAULT_DESCRIPTION = 'Credit added by staff';

export default defineMutation<AddClientCreditRequest, AddClientCreditResult & { info: string[] }>({
  mutates: true,
  run(p, { world, now }) {
    const client = requireClient(world, p.client_id);
    if (client.parent_id !== MAIN_PARENT_ID) {
      fail(messages.isContact(client.id, client.parent_id, `credit belongs to the main client: add it to client ${client.parent_id}`));
    }
    const cents = toCents(p.amount);
    if (cents <= 0) fail(messages.paramInvalid('amount', 'more than 0'));
    addCredit(world, client, cents, { description: p.description || DEFAULT_DESCRIPTION }, now);
    return { info: ['Client credit increased'] };
  },
});
