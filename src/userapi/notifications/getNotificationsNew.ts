import { defineRead } from '../route.js';
import { notificationList } from './list.js';
import type { UserApiGetNotificationsNewAnswer, UserApiGetNotificationsNewInput } from '../../generated/wire.js';

export default defineRead<UserApiGetNotificationsNewInput, UserApiGetNotificationsNewAnswer>({
  run(input, ctx) {
    return notificationList(input, ctx, true);
  },
});
