import { defineOperation } from '../operation.js';
import { oldestFirst } from '../../lib/lists.js';
import type { GetTicketDeptsRequest, GetTicketDeptsResult } from '../../generated/wire.js';

export default defineOperation<GetTicketDeptsRequest, GetTicketDeptsResult>({
  mutates: false,
  run(_params, { world }) {
    return {
      depts: oldestFirst(world.all('ticket_depts')).map(({ id, name, description, email, visible, assigned_admins }) => ({
        id,
        name,
        description,
        email,
        visible,
        assigned_admins: { ...assigned_admins },
        tickets: String(world.where('tickets', 'dept_id', id).length),
      })),
    };
  },
});
