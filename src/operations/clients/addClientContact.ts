import { defineMutation } from '../operation.js';
import { Checks, fail, messages } from '../../errors.js';
import { MAIN_PARENT_ID, countryCode, emailInUse, grantedPrivileges, requireClient } from '../../domain/clients.js';
import { ZERO_DATETIME, formatDate } from '../../lib/dates.js';
import { hashPassword, prepareHash, saltFor } from '../../domain/password.js';
import type { AddClientContactRequest, AddClientContactResult, Client } from '../../generated/wire.js';

export default defineMutation<AddClientContactRequest, AddClientContactResult>({
  mutates: true,
  // The record gets the next id, so its salt is known before run.
  prepare: (p, world) => prepareHash(p.password, saltFor(world.nextId('clients'), p.email)),
  run(p, { world, now }) {
    // The main client, the passwords, the country and the e-mail are checked together: every problem in one answer.
    const checks = new Checks();
    const found = checks.value(() => {
      const client = requireClient(world, p.id);
      if (client.parent_id !== MAIN_PARENT_ID) fail(messages.contactOfContact(client.id, client.parent_id));
      return client;
    });
    checks.pass(() => (p.password !== p.password2 ? fail(messages.passwordsDiffer()) : undefined));
    const countryFound = checks.value(() => (p.country ? countryCode(p.country) : ''));
    checks.pass(() => (emailInUse(world, p.email) ? fail(messages.emailInUse(p.email)) : undefined));
    const { main, country } = checks.settle({ main: found, country: countryFound });

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
