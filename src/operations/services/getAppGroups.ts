import { defineOperation } from '../operation.js';
import { appGroupItem } from '../../domain/apps.js';
import type { GetAppGroupsRequest, GetAppGroupsResult } from '../../generated/wire.js';

export default defineOperation<GetAppGroupsRequest, GetAppGroupsResult>({
  mutates: false,
  run(_params, { world }) {
    return { servers: world.all('app_groups').map((group) => appGroupItem(world, group)) };
  },
});
