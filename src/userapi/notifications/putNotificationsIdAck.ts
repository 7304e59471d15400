import { callerOf, defineWrite } from '../route.js';
import { doorNotFound } from '../../errors.js';
import { acknowledge, notificationFor } from '../../domain/notifications.js';
import type { UserApiPutNotificationsIdAckAnswer, UserApiPutNotificationsIdAckInput } from '../../generated/wire.js';

export default defineWrite<UserApiPutNotificationsIdAckInput, UserApiPutNotificationsIdAckAnswer>({
  run({ id }, ctx) {
    const { person, clientId } = callerOf(ctx);
    const found = notificationFor(ctx.world, person, clientId, id) ?? doorNotFound('Notification', id);
    return { notification: acknowledge(ctx.world, found), info: [`Notification ${id} acknowledged`] };
  },
});
