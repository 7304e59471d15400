import { defineOperation } from '../operation.js';
import { requireClient } from '../../domain/clients.js';
import { clientStats } from '../../domain/clientStats.js';
import type { GetClientStatsRequest, GetClientStatsResult } from '../../generated/wire.js';

export default defineOperation<GetClientStatsRequest, GetClientStatsResult>({
  mutates: false,
  run({ id }, { world }) {
    return { stats: clientStats(world, requireClient(world, id)) };
  },
});
