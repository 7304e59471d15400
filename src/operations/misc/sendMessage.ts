import { defineMutation } from '../operation.js';
import { requireClient } from '../../domain/clients.js';
import { recordMessage } from '../../domain/messaging.js';
import type { SendMessageRequest, SendMessageResult } from '../../generated/wire.js';

// The outbox keeps no bodies, so html, variables, senders and reply-to are checked by the schema and kept nowhere.
export default defineMutation<SendMessageRequest, SendMessageResult>({
  mutates: true,
  run(p, { world, now }) {
    const client = p.client_id === undefined ? undefined : requireClient(world, p.client_id);
    recordMessage(
      world,
      { subject: p.subject, body: p.body, template: p.template, to: p.to, client, emailOverride: p.email_override },
      now,
    );
    return { sent: true };
  },
});
