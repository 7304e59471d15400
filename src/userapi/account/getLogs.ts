import { callerOf, defineRead } from '../route.js';
import { customerLogEntry } from '../../domain/customerBilling.js';
import type { UserApiGetLogsAnswer, UserApiGetLogsInput } from '../../generated/wire.js';
import { DEFAULT_PER_PAGE, doorPageInfo } from '../../lib/lists.js';

export default defineRead<UserApiGetLogsInput, UserApiGetLogsAnswer>({
  run({ page = 1 }, ctx) {
    const { world } = ctx;
    // The account's history billsim keeps: the client's credit log, as getClientCreditLog shows it.
    const rows = world.where('credit_log', 'client_id', callerOf(ctx).clientId);
    const { items, sorter } = world.newestPage('credit_log', rows, page - 1, DEFAULT_PER_PAGE);
    return { logs: items.map(customerLogEntry), page: doorPageInfo(sorter) };
  },
});
