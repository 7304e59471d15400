import { defineMutation } from '../operation.js';
import { fail } from '../../errors.js';
import { cardOnFile, requireCard, requireClient } from '../../domain/clients.js';
import { cardGatewayId, cardProblems, maskedCard, showPrimaryCard } from '../../domain/cards.js';
import type { EditClientCreditCardRequest, EditClientCreditCardResult } from '../../generated/wire.js';

export const CARD_UPDATED = 'Credit Card details updated';

export default defineMutation<EditClientCreditCardRequest, EditClientCreditCardResult & { info: string[] }>({
  mutates: true,
  run(p, { world }) {
    const problems = cardProblems(p);
    if (problems.length > 0) fail(problems);
    const client = requireClient(world, p.id);
    const primary = p.card_id === undefined || p.card_id === 'primary';
    const card = primary ? cardOnFile(world, client.id, 'add one with addClientCreditCard') : requireCard(world, client.id, p.card_id);
    // A token stands for the number it was made for: the new number keeps none unless one is given.
    const gateway_id = p.token_gateway_id === undefined ? card.gateway_id : cardGatewayId(world, client.id, p.token_gateway_id);
    world.replace('client_cards', { ...card, ...maskedCard(p), gateway_id });
    showPrimaryCard(world, client.id);
    return { info: [CARD_UPDATED] };
  },
});
