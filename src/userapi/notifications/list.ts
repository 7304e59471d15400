import { callerOf, type RouteContext } from '../route.js';
import { notificationsFor } from '../../domain/notifications.js';
import { DEFAULT_PER_PAGE, doorPageInfo } from '../../lib/lists.js';
import type { UserApiGetNotificationsInput, UserApiGetNotificationsAnswer } from '../../generated/wire.js';

/** GET /notifications and /notifications/new: the caller's notifications (or the unread ones), newest first. */
export function notificationList(input: UserApiGetNotificationsInput, ctx: RouteContext, unread: boolean): UserApiGetNotificationsAnswer {
  const { person, clientId } = callerOf(ctx);
  const rows = notificationsFor(ctx.world, person, clientId, { rel_type: input.rel_type, rel_id: input.rel_id, unread });
  const { items, sorter } = ctx.world.newestPage('portal_notifications', rows, (input.page ?? 1) - 1, DEFAULT_PER_PAGE);
  return { notifications: items, page: doorPageInfo(sorter) };
}
