import { defineOperation } from '../operation.js';
import { appServerItem, requireAppGroup } from '../../domain/apps.js';
import type { GetAppServersRequest, GetAppServersResult } from '../../generated/wire.js';

export default defineOperation<GetAppServersRequest, GetAppServersResult>({
  mutates: false,
  run({ group: groupId }, { world }) {
    const group = requireAppGroup(world, groupId);
    return { servers: world.where('servers', 'group_id', group.id).map((server) => appServerItem(world, server, group)) };
  },
});
