// Client accounts and their contacts, cards on file and staff logins. A contact
// is a client record whose parent_id names its main client ("0" for a main client).
import { fail, messages, notFound } from '../errors.js';
import type { View } from '../store/world.js';
import type { Client, ClientCard } from '../generated/wire.js';

export const MAIN_PARENT_ID = '0';

export function requireClient(world: View, id: string): Client {
  return world.get('clients', id) ?? notFound('Client', id);
}

/** Contacts as getClientContacts lists them (and getClientDetails embeds them): oldest first. */
export function contactItems(world: View, clientId: string) {
  return [...world.where('clients', 'parent_id', clientId)]
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map(({ id, firstname, lastname, datecreated, email }) => ({ id, firstname, lastname, datecreated, email }));
}

/** Emails identify a login, so two records may not share one in any letter case. */
export function emailInUse(world: View, email: string): boolean {
  return world.whereKey('clients', 'email:lower', (row) => row.email.toLowerCase(), email.toLowerCase()).length > 0;
}

/** The client's card on file: billsim keeps at most one per client, as HostBill's card on file. */
export function cardOnFile(world: View, clientId: string): ClientCard {
  return world.where('client_cards', 'client_id', clientId)[0] ?? fail(messages.cardMissing(clientId));
}

// ISO 3166-1 alpha-2: the 249 officially assigned codes (no reserved or user-assigned ones such as UK or EU).
const COUNTRY_CODES = new Set(
  [
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ',
    'BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ',
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ',
    'DE DJ DK DM DO DZ',
    'EC EE EG EH ER ES ET',
    'FI FJ FK FM FO FR',
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY',
    'HK HM HN HR HT HU',
    'ID IE IL IM IN IO IQ IR IS IT',
    'JE JM JO JP',
    'KE KG KH KI KM KN KP KR KW KY KZ',
    'LA LB LC LI LK LR LS LT LU LV LY',
    'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ',
    'NA NC NE NF NG NI NL NO NP NR NU NZ',
    'OM',
    'PA PE PF PG PH PK PL PM PN PR PS PT PW PY',
    'QA',
    'RE RO RS RU RW',
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ',
    'TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ',
    'UA UG UM US UY UZ',
    'VA VC VE VG VI VN VU',
    'WF WS',
    'YE YT',
    'ZA ZM ZW',
  ]
    .join(' ')
    .split(' '),
);

/** An ISO 3166-1 alpha-2 country code, upper-cased as stored; lower case is accepted. */
export function countryCode(value: string): string {
  const code = value.toUpperCase();
  if (!COUNTRY_CODES.has(code)) fail(messages.paramInvalid('country', 'an ISO 3166-1 alpha-2 country code, such as GB'));
  return code;
}
