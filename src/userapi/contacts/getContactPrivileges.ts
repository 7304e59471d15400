import { defineRead } from '../route.js';
import { AVAILABLE_PRIVILEGES } from '../../domain/contactDetails.js';
import type { UserApiGetContactPrivilegesAnswer, UserApiGetContactPrivilegesInput } from '../../generated/wire.js';

export default defineRead<UserApiGetContactPrivilegesInput, UserApiGetContactPrivilegesAnswer>({
  run() {
    return { privileges: AVAILABLE_PRIVILEGES };
  },
});
