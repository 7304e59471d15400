import { defineWrite } from '../route.js';
import { DoorError, messages } from '../../errors.js';
import { mayLogIn } from '../../domain/clients.js';
import { loginOfRefresh, rotateRefresh } from '../../domain/customerTokens.js';
import { standingGrant } from '../../domain/guests.js';
import type { UserApiPostTokenInput, UserApiTokens } from '../../generated/wire.js';
import { loginTokens, type NewLogin } from './tokens.js';

export default defineWrite<UserApiPostTokenInput, NewLogin, UserApiTokens>({
  run({ refresh_token }, { world, now, session }) {
    const login = loginOfRefresh(world, refresh_token, now);
    if (typeof login === 'string') throw new DoorError(401, login);
    const person = world.get('clients', login.client_id);
    // An account closed since the login may not refresh it.
    if (!person || !mayLogIn(world, person)) throw new DoorError(401, messages.doorUnauthorized());
    // A guest's login refreshes only while its grant still lets it into the host's profile.
    const guest = login.access_id === undefined ? undefined : standingGrant(world, login.access_id, person.id);
    if (login.access_id !== undefined && !guest) throw new DoorError(401, messages.doorUnauthorized());
    return { person, guest, sid: login.id, refresh: rotateRefresh(world, login, session, now) };
  },
  finish: loginTokens,
});
