import { defineMutation } from '../operation.js';
import { requireMainClient } from '../../domain/clients.js';
import { newClientFile } from '../../domain/clientFiles.js';
import type { AddClientFileRequest, AddClientFileResult } from '../../generated/wire.js';

export const FILE_UPLOADED = 'New file uploaded';

export default defineMutation<AddClientFileRequest, AddClientFileResult & { info: string[] }>({
  mutates: true,
  run(p, { world, now }) {
    const client = requireMainClient(world, p.client_id, (parent) => `files belong to the main client: add it to client ${parent}`);
    const file = newClientFile(
      world,
      {
        clientId: client.id,
        data: p.data,
        name: p.name,
        filename: p.filename,
        adminOnly: p.admin_only === '1',
        services: p.services ?? [],
      },
      now,
    );
    world.insert('client_files', file);
    return { file_id: file.id, info: [FILE_UPLOADED] };
  },
});
