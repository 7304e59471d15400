import type { Client, UserApiContact, UserApiDetails } from '../generated/wire.js';

/**
 * A person's own registration record as the customer's door shows it (GET and
 * PUT /api/details): the Admin API's names and string types for the fields a
 * client may see of itself, and `type` as the sign-up form sends it. Staff
 * notes, the login IP and host, and billing overrides stay on the staff's side.
 */
export function customerDetails(person: Client): UserApiDetails {
  return {
    id: person.id,
    email: person.email,
    type: person.company === '1' ? 'Company' : 'Private',
    firstname: person.firstname,
    lastname: person.lastname,
    companyname: person.companyname,
    address1: person.address1,
    address2: person.address2,
    city: person.city,
    state: person.state,
    postcode: person.postcode,
    country: person.country,
    phonenumber: person.phonenumber,
    datecreated: person.datecreated,
    language: person.language,
    currency_id: person.currency_id,
    credit: person.credit,
    parent_id: person.parent_id,
  };
}

/** A contact as the customer's door shows it (GET and PUT /api/contact/{id}): its own record, its status and its privileges. */
export function customerContact(contact: Client): UserApiContact {
  return { ...customerDetails(contact), status: contact.status, privileges: contact.privileges };
}
