import { callerOf, defineWrite } from '../route.js';
import { DETAILS_UPDATED, editedProfile } from '../../domain/clients.js';
import { customerDetails } from '../../domain/customerDetails.js';
import { clientEdited } from '../../domain/events.js';
import type { UserApiPutDetailsAnswer, UserApiPutDetailsInput } from '../../generated/wire.js';

export default defineWrite<UserApiPutDetailsInput, UserApiPutDetailsAnswer>({
  run(input, ctx) {
    // The caller's own record, a contact's too; the fields billsim keeps no home for are ignored by editedProfile.
    const { person } = callerOf(ctx);
    const current = ctx.world.get('clients', person.id) ?? person;
    const next = ctx.world.replace('clients', editedProfile(ctx.world, current, input));
    clientEdited(ctx.world, current, next);
    return { client: customerDetails(next), info: [DETAILS_UPDATED] };
  },
});
