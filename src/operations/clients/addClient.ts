import { defineMutation } from '../operation.js';
import { fail, messages } from '../../errors.js';
import { MAIN_PARENT_ID, companyFlag, countryCode, emailInUse } from '../../domain/clients.js';
import { MAIN_CURRENCY_ID, requireCurrency } from '../../domain/currencies.js';
import { ZERO_DATETIME, formatDate } from '../../lib/dates.js';
import { recordEmail } from '../../domain/outbox.js';
import { hashPassword, prepareHash, saltFor } from '../../domain/password.js';
import type { AddClientRequest, AddClientResult, Client } from '../../generated/wire.js';
import { clientAdded } from '../../domain/events.js';

const CREATED = 'New client account created';

export default defineMutation<AddClientRequest, AddClientResult>({
  mutates: true,
  // The record gets the next id, so its salt is known before run.
  prepare: (p, world) => prepareHash(p.password, saltFor(world.nextId('clients'), p.email)),
  run(p, { world, now }) {
    if (p.password !== p.password2) fail(messages.passwordsDiffer());
    const country = p.country ? countryCode(p.country) : '';
    const currency = p.currency_id === undefined ? MAIN_CURRENCY_ID : requireCurrency(world, p.currency_id).id;
    if (emailInUse(world, p.email)) fail(messages.emailInUse(p.email));

    const id = world.nextId('clients');
    const companyname = p.companyname ?? '';
    const client: Client = {
      id,
      email: p.email,
      lastlogin: ZERO_DATETIME,
      ip: '',
      host: '',
      status: p.status ?? 'Active',
      parent_id: MAIN_PARENT_ID,
      firstname: p.firstname ?? '',
      lastname: p.lastname ?? '',
      companyname,
      address1: p.address1 ?? '',
      address2: p.address2 ?? '',
      city: p.city ?? '',
      state: p.state ?? '',
      postcode: p.postcode ?? '',
      country,
      phonenumber: p.phonenumber ?? '',
      datecreated: formatDate(now),
      notes: '',
      language: p.language ?? 'english',
      company: companyFlag(p.type, companyname),
      credit: '0.00',
      taxexempt: '0',
      latefeeoveride: '0',
      overideduenotices: '0',
      client_id: id,
      cardnum: '',
      currency_id: currency,
      privileges: null,
      howdidyou: '',
      password: hashPassword(p.password, saltFor(id, p.email)),
    };
    clientAdded(world, world.insert('clients', client));
    if (p.notify === '1') {
      // HostBill's "Details:Signup" template: the welcome message with the client area login.
      recordEmail(world, { to: client.email, subject: 'Your client area login details', template: 'Details:Signup', clientId: id }, now);
    }
    return { client_id: id, info: [CREATED] };
  },
});
