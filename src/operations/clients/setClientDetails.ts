import { defineMutation } from '../operation.js';
import { DETAILS_UPDATED, editedProfile, requireMainClient } from '../../domain/clients.js';
import { requireCurrency } from '../../domain/currencies.js';
import type { SetClientDetailsRequest, SetClientDetailsResult } from '../../generated/wire.js';
import { clientEdited } from '../../domain/events.js';

export default defineMutation<SetClientDetailsRequest, SetClientDetailsResult>({
  mutates: true,
  run(p, { world }) {
    const client = requireMainClient(world, p.id, () => 'change a contact with setContactDetails');
    const next = editedProfile(world, client, p);
    if (p.status !== undefined) next.status = p.status;
    if (p.language !== undefined) next.language = p.language;
    // curchange=recalculate would also convert unpaid documents in HostBill; billsim switches
    // the currency of what comes next either way (documented in the schema).
    if (p.currency_id !== undefined) next.currency_id = requireCurrency(world, p.currency_id).id;
    clientEdited(world, client, world.replace('clients', next));
    return { client: true, info: [DETAILS_UPDATED] };
  },
});
