import { defineWrite } from '../route.js';
import { placeFromInput } from './order.js';
import type { UserApiPostOrderAnswer, UserApiPostOrderInput } from '../../generated/wire.js';

export default defineWrite<UserApiPostOrderInput, UserApiPostOrderAnswer>({
  run(input, ctx) {
    return placeFromInput(input, ctx, false);
  },
});
