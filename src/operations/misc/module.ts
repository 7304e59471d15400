import { defineOperation } from '../operation.js';
import { fail, messages } from '../../errors.js';
import type { ModuleCallRequest, ModuleCallResult } from '../../generated/wire.js';

// billsim runs no third-party module: every module answers as one an installation does not have.
export default defineOperation<ModuleCallRequest, ModuleCallResult>({
  mutates: false,
  answer: { alwaysRefused: true },
  run({ module, fn }) {
    fail(messages.moduleNotInstalled(module, fn));
  },
});
