import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { ssoLink } from '../../domain/apps.js';
import type { AccountModuleSSORequest, AccountModuleSSOResult } from '../../generated/wire.js';

export default defineOperation<AccountModuleSSORequest, AccountModuleSSOResult>({
  mutates: false,
  run({ account_id }, { world }) {
    const account = world.get('accounts', account_id) ?? notFound('Account', account_id);
    return { link: ssoLink(world, account) };
  },
});
