import { defineOperation } from '../operation.js';
import { requireServer, serverDetails } from '../../domain/apps.js';
import type { GetServerDetailsRequest, GetServerDetailsResult } from '../../generated/wire.js';

export default defineOperation<GetServerDetailsRequest, GetServerDetailsResult>({
  mutates: false,
  run({ id }, { world }) {
    return { server: serverDetails(world, requireServer(world, id)) };
  },
});
