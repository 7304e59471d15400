import { defineOperation } from '../operation.js';
import { requireClient } from '../../domain/clients.js';
import { clientFileItem } from '../../domain/clientFiles.js';
import { newestFirst } from '../../lib/lists.js';
import type { GetClientFilesRequest, GetClientFilesResult } from '../../generated/wire.js';

export default defineOperation<GetClientFilesRequest, GetClientFilesResult>({
  mutates: false,
  run({ client_id }, { world }) {
    requireClient(world, client_id);
    return { files: newestFirst(world.where('client_files', 'client_id', client_id)).map(clientFileItem) };
  },
});
