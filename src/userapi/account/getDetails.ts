import { defineRead, callerOf } from '../route.js';
import { customerDetails } from '../../domain/customerDetails.js';
import type { UserApiGetDetailsAnswer, UserApiGetDetailsInput } from '../../generated/wire.js';

export default defineRead<UserApiGetDetailsInput, UserApiGetDetailsAnswer>({
  run(_input, ctx) {
    return { client: customerDetails(callerOf(ctx).person) };
  },
});
