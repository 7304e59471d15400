import { defineRead } from '../route.js';
import { oldestFirst } from '../../lib/lists.js';
import type { UserApiGetTicketDepartmentsAnswer, UserApiGetTicketDepartmentsInput } from '../../generated/wire.js';

export default defineRead<UserApiGetTicketDepartmentsInput, UserApiGetTicketDepartmentsAnswer>({
  run(_input, ctx) {
    const visible = ctx.world.all('ticket_depts').filter((dept) => dept.visible === '1');
    return { departments: oldestFirst(visible).map(({ id, name, description }) => ({ id, name, description })) };
  },
});
