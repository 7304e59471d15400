import { defineMutation } from '../operation.js';
import { notifyStaff } from '../../domain/messaging.js';
import type { SendMobileStaffNotifyRequest, SendMobileStaffNotifyResult } from '../../generated/wire.js';

// server_id (the SMS connection) is checked by the schema and kept nowhere: nothing is sent.
export default defineMutation<SendMobileStaffNotifyRequest, SendMobileStaffNotifyResult>({
  mutates: true,
  run({ subject }, { world, now }) {
    notifyStaff(world, subject, now);
    return {};
  },
});
