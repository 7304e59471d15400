import { defineMutation } from '../operation.js';
import { requireClient } from '../../domain/clients.js';
import { requireClientFile } from '../../domain/clientFiles.js';
import type { DeleteClientFileRequest, DeleteClientFileResult } from '../../generated/wire.js';

export default defineMutation<DeleteClientFileRequest, DeleteClientFileResult & { info: string[] }>({
  mutates: true,
  run({ client_id, file_id }, { world }) {
    requireClient(world, client_id);
    const file = requireClientFile(world, client_id, file_id);
    world.remove('client_files', file.id);
    // The published message names the stored file name, prefix included.
    return { info: [`File ${file.filename} deleted`] };
  },
});
