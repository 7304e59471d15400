import { defineMutation } from '../operation.js';
import { requireClient } from '../../domain/clients.js';
import { notifyClient } from '../../domain/messaging.js';
import type { SendMobileClientNotifyRequest, SendMobileClientNotifyResult } from '../../generated/wire.js';

// server_id (the SMS connection) is checked by the schema and kept nowhere: nothing is sent.
export default defineMutation<SendMobileClientNotifyRequest, SendMobileClientNotifyResult>({
  mutates: true,
  run({ client_id, subject }, { world, now }) {
    notifyClient(world, requireClient(world, client_id), subject, now);
    return {};
  },
});
