import { defineMutation } from '../operation.js';
import { newTicketDept } from '../../domain/tickets.js';
import type { AddTicketDeptRequest, AddTicketDeptResult } from '../../generated/wire.js';

export default defineMutation<AddTicketDeptRequest, AddTicketDeptResult & { info: string[] }>({
  mutates: true,
  // method, host, login, password and port are checked by the schema and kept nowhere: billsim imports no mail.
  run({ name, email }, { world }) {
    const dept = world.insert('ticket_depts', newTicketDept(world, name, email));
    return { dept_id: dept.id, info: ['Ticket department has been created'] };
  },
});
