// One contact as getClientContact shows it: the vendor's published record,
// whose key order and JSON types differ from the client embed's, and the
// privileges a contact may be given, by section, with their labels.
import type { AvailablePrivileges, Client, ClientContactDetails } from '../generated/wire.js';

/**
 * Every privilege a contact may be given, with the label the vendor's
 * addClientContact page gives it. creditcard is unlabelled there; its label
 * is the one the vendor's contact guide uses.
 */
export const AVAILABLE_PRIVILEGES: AvailablePrivileges = {
  billing: {
    emails: 'Receive billing notifications',
    payinvoice: 'Allow to view/pay invoices',
    orders: 'Place new orders',
    balance: 'View current balance',
    addfunds: 'Add funds',
    creditcard: 'Edit Credit Card details',
  },
  support: {
    newticket: 'Open new tickets',
    tickets: 'View current tickets',
    closeticket: 'Close tickets',
    emails: 'Receive email notifications',
  },
  misc: {
    editmain: 'Modify main profile details',
    emails: 'View emails history',
    editipaccess: 'Edit security settings',
    manageprofiles: 'Add / Edit contacts',
    affiliates: 'Access affiliates section',
  },
};

/**
 * The contact's record in the published order and types. What billsim does not
 * keep answers what a plain installation shows; the password hash is never
 * answered, so `password` is "". Cards on file belong to the main client, so a
 * contact has no card type or expiry.
 */
export function contactDetails(c: Client): ClientContactDetails {
  return {
    id: c.id,
    group_id: '0',
    email: c.email,
    password: '',
    lastlogin: c.lastlogin,
    ip: c.ip,
    host: c.host,
    status: c.status,
    loginattempts: '0',
    mfamodule: '0',
    brand_id: '1',
    browser: [],
    parent_id: c.parent_id,
    firstname: c.firstname,
    lastname: c.lastname,
    companyname: c.companyname,
    address1: c.address1,
    address2: c.address2,
    city: c.city,
    state: c.state,
    postcode: c.postcode,
    country: c.country,
    phonenumber: c.phonenumber,
    datecreated: c.datecreated,
    notes: c.notes,
    language: c.language,
    company: c.company,
    credit: c.credit,
    taxexempt: c.taxexempt,
    latefeeoveride: c.latefeeoveride === '1' ? 1 : 0,
    overideautosusp: '0',
    taxrateoverride: '0',
    taxrate: '0',
    cardtype: '',
    cardnum: c.cardnum,
    expdate: '',
    overideduenotices: c.overideduenotices === '1',
    disableemails: '0',
    client_id: c.client_id,
    currency_id: c.currency_id,
    privileges: c.privileges,
    howdidyou: c.howdidyou,
  };
}

/**
 * Whether `person` holds `privilege` ("billing.payinvoice"): a main client holds
 * every one, a contact what it was granted (PHP's [] when nothing).
 */
export function holdsPrivilege(person: Client, privilege: string): boolean {
  if (person.parent_id === '0' || person.privileges === null) return true;
  return privilegeIn(person.privileges, privilege);
}

/** Whether a granted set (a contact's or a guest grant's, as grantedPrivileges keeps it; PHP's [] when empty) holds `privilege`. */
export function privilegeIn(privileges: Client['privileges'], privilege: string): boolean {
  if (privileges === null || Array.isArray(privileges)) return false;
  const [section, key] = privilege.split('.');
  return (privileges as Record<string, Record<string, string> | undefined>)[section]?.[key] === '1';
}
