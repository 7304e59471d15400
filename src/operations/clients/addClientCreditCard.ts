import { defineMutation } from '../operation.js';
import { fail, messages } from '../../errors.js';
import { requireMainClient } from '../../domain/clients.js';
import { cardGatewayId, cardProblems, maskedCard, showPrimaryCard } from '../../domain/cards.js';
import type { AddClientCreditCardRequest, AddClientCreditCardResult } from '../../generated/wire.js';

export const CARD_ADDED = 'Client credit card has been added!';

export default defineMutation<AddClientCreditCardRequest, AddClientCreditCardResult & { info: string[] }>({
  mutates: true,
  run(p, { world }) {
    const problems = [...cardProblems(p), ...(p.as_token === '1' ? [messages.paymentTokenNotCard()] : [])];
    if (problems.length > 0) fail(problems);
    const client = requireMainClient(world, p.id, (parent) => `cards belong to the main client: add it to client ${parent}`);
    const gateway_id = cardGatewayId(world, client.id, p.token_gateway_id);
    const id = world.nextId('client_cards');
    world.insert('client_cards', { id, client_id: client.id, ...maskedCard(p), gateway_id });
    showPrimaryCard(world, client.id);
    return { card_id: Number(id), info: [CARD_ADDED] };
  },
});
