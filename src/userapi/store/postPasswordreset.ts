import { defineWrite } from '../route.js';
import { messages } from '../../errors.js';
import { clientByEmail, mayLogIn } from '../../domain/clients.js';
import { recordPasswordReset } from '../../domain/outbox.js';
import type { UserApiPostPasswordresetAnswer, UserApiPostPasswordresetInput } from '../../generated/wire.js';

export default defineWrite<UserApiPostPasswordresetInput, UserApiPostPasswordresetAnswer>({
  run({ email }, { world, now }) {
    const person = clientByEmail(world, email);
    if (person && mayLogIn(world, person)) recordPasswordReset(world, person, now);
    // One answer whether the e-mail is known or not, so the route does not tell which e-mails have accounts.
    return { info: [messages.doorPasswordResetSent()] };
  },
});
