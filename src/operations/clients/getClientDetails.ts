import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { contactItems } from '../../domain/clients.js';
import { clientEmbed } from '../../domain/views.js';
import type { GetClientDetailsRequest, GetClientDetailsResult } from '../../generated/wire.js';

export default defineOperation<GetClientDetailsRequest, GetClientDetailsResult>({
  mutates: false,
  run({ id }, { world }) {
    // The same object invoices embed (no password hash, card number masked), then the contacts.
    const client = clientEmbed(world, id) ?? notFound('Client', id);
    return { client: { ...client, contacts: contactItems(world, id) } };
  },
});
