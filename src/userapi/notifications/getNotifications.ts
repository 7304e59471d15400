import { defineRead } from '../route.js';
import { notificationList } from './list.js';
import type { UserApiGetNotificationsAnswer, UserApiGetNotificationsInput } from '../../generated/wire.js';

export default defineRead<UserApiGetNotificationsInput, UserApiGetNotificationsAnswer>({
  run(input, ctx) {
    return notificationList(input, ctx, false);
  },
});
