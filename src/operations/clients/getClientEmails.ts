import { defineOperation } from '../operation.js';
import { requireClient } from '../../domain/clients.js';
import { clientEmailChecks } from '../../domain/outbox.js';
import { matching, pageParams } from '../../lib/lists.js';
import type { GetClientEmailsRequest, GetClientEmailsResult } from '../../generated/wire.js';

export default defineOperation<GetClientEmailsRequest, GetClientEmailsResult>({
  mutates: false,
  run(params, { world }) {
    const client = requireClient(world, params.id);
    const rows = matching(world.where('emails', 'client_id', client.id), clientEmailChecks(params.filter ?? {}, client));
    const { page, perpage } = pageParams(params);
    const { items, sorter } = world.newestPage('emails', rows, page, perpage);
    const { firstname, lastname } = client;
    return { emails: items.map(({ id, client_id, subject, date }) => ({ id, client_id, subject, date, lastname, firstname })), sorter };
  },
});
