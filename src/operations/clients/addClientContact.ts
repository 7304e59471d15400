import { defineMutation } from '../operation.js';
import { fail, messages } from '../../errors.js';
import { MAIN_PARENT_ID, countryCode, emailInUse, grantedPrivileges, requireClient } from '../../domain/clients.js';
import { ZERO_DATETIME, formatDate } from '../../lib/dates.js';
import { hashPassword, prepareHash, saltFor } from '../../domain/password.js';
import type { AddClientContactRequest, AddClientContactResult, Client } from '../../generated/wire.js';

export default defineMutation<AddClientContactRequest, AddClientContactResult>({
  mutates: true,
  // The record gets the next id, so its salt is known before run.
  prepare: (p, world) => prepareHash(p.password, saltFor(world.nextId('clients'), p.email)),
  run(p, { world, now }) {
    const main = requireClient(world, p.id);
    if (main.parent_id !== MAIN_PARENT_ID) fail(messages.contactOfContact(main.id, main.parent_id));
    if (p.password !== p.password2) fail(messages.passwordsDiffer());
    const country = p.country ? countryCode(p.country) : '';
    if (emailInUse(world, p.email)) fail(messages.emailInUse(p.email));

    const id = world.nextId('clients');
    const contact: Client = {
      id,
      email: p.email,
      lastlogin: ZERO_DATETIME,
      ip: '',
      host: '',
      status: 'Active',
      parent_id: main.id,
      firstname: p.firstname,
      lastname: p.lastname,
      companyname: p.companyname ?? '',
      address1: p.address1 ?? '',
      address2: p.address2 ?? '',
      city: p.city ?? '',
      state: p.state ?? '',
      postcode: p.postcode ?? '',
      country,
      phonenumber: p.phonenumber ?? '',
      datecreated: formatDate(now),
      notes: '',
      language: main.language,
      company: p.companyname ? '1' : '0',
      credit: '0.00',
      taxexempt: '0',
      latefeeoveride: '0',
      overideduenotices: '0',
      // Every client record names itself in client_id, contacts included.
      client_id: id,
      cardnum: '',
      currency_id: main.currency_id,
      privileges: grantedPrivileges(p.privileges),
      howdidyou: '',
      password: hashPassword(p.password, saltFor(id, p.email)),
    };
    world.insert('clients', contact);
    return { contact_id: id };
  },
});
