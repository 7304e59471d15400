import { defineOperation } from '../operation.js';
import { popularReplies } from '../../domain/predefinedReplies.js';
import type { GetPopularPredefinedRepliesRequest, GetPopularPredefinedRepliesResult } from '../../generated/wire.js';

export default defineOperation<GetPopularPredefinedRepliesRequest, GetPopularPredefinedRepliesResult>({
  mutates: false,
  run(_params, { world }) {
    return { replies: popularReplies(world) };
  },
});
