import { defineMutation } from '../operation.js';
import { notFound } from '../../errors.js';
import { cardOnFile, requireClient } from '../../domain/clients.js';
import { maskCard } from '../../domain/views.js';
import type { TokenizeClientCardRequest, TokenizeClientCardResult } from '../../generated/wire.js';

export const TOKENIZED = 'Tokenization succeeded';

export default defineMutation<TokenizeClientCardRequest, TokenizeClientCardResult & { info: string[] }>({
  mutates: true,
  run({ client_id, gateway_id, token, lastfour, expdate }, { world }) {
    const client = requireClient(world, client_id);
    const card = cardOnFile(world, client_id);
    if (!world.get('gateways', gateway_id)) notFound('Gateway', gateway_id);

    // The token replaces the number: from here on only the last four digits exist anywhere.
    const last = lastfour ?? card.lastfour;
    world.replace('client_cards', { ...card, cardnum: '', lastfour: last, expdate: expdate ?? card.expdate, token, gateway_id });
    world.replace('clients', { ...client, cardnum: maskCard(last) });
    return { info: [TOKENIZED] };
  },
});
