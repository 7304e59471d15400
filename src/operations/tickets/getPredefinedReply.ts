import { defineOperation } from '../operation.js';
import { requirePredefinedReply } from '../../domain/predefinedReplies.js';
import type { GetPredefinedReplyRequest, GetPredefinedReplyResult } from '../../generated/wire.js';

export default defineOperation<GetPredefinedReplyRequest, GetPredefinedReplyResult>({
  mutates: false,
  run({ id }, { world }) {
    return { reply: requirePredefinedReply(world, id).reply };
  },
});
