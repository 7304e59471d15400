import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { accountDetails } from '../../domain/accounts.js';
import type { GetAccountDetailsRequest, GetAccountDetailsResult } from '../../generated/wire.js';

export default defineOperation<GetAccountDetailsRequest, GetAccountDetailsResult>({
  mutates: false,
  run({ id }, { world }) {
    const account = world.get('accounts', id) ?? notFound('Account', id);
    return { details: accountDetails(world, account) };
  },
});
