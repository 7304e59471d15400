// Anonymized imports: every personal value replaced, the same way each time,
// and wherever free text repeats it.
import t from 'tap';
import { anonymize, anonymousClient, domainName, replacer, sameShape } from '../../src/cli/import/anonymize.js';

type Row = Record<string, unknown>;

const client: Row = {
  id: '7',
  email: 'ada@lovelace-works.com',
  ip: '198.51.100.23',
  host: 'static-23.isp.example',
  firstname: 'Ada',
  lastname: 'Lovelace',
  companyname: 'Lovelace Works',
  address1: '12 Analytical Row',
  address2: '',
  city: 'Camden',
  state: 'Greater London',
  postcode: 'EC1A 1BB',
  country: 'GB',
  phonenumber: '+44.2071234567',
  notes: 'Pays late, call first',
  credit: '0.00',
};

const world = (): Record<string, Row[]> => ({
  clients: [client],
  accounts: [
    { id: '3', client_id: '7', domain: 'lovelace-works.com', label: 'Ada site', username: 'adalove', password: 'S3cret!', notes: '' },
  ],
  domains: [{ id: '4', client_id: '7', name: 'lovelace-works.com', epp_code: 'EPP-123', notes: 'renew by hand' }],
  invoices: [
    { id: '9', client_id: '7', notes: 'for Ada Lovelace', items: [{ id: '1', description: 'Domain lovelace-works.com - 1 year' }] },
  ],
  orders: [{ id: '11', client_id: '7', order_ip: '203.0.113.9', notes: '' }],
  tickets: [
    {
      id: '2',
      client_id: '7',
      name: 'Ada Lovelace',
      email: 'ada@lovelace-works.com',
      cc: '',
      subject: 'Site of Lovelace Works down',
      body: 'Hi, Ada here. ada@lovelace-works.com cannot log in.',
    },
  ],
  ticket_replies: [
    { id: '5', ticket_id: '2', name: 'Sam Staff', email: 'sam@host.example', body: 'Dear Ada, fixed. Call +44.2071234567 if not.' },
  ],
  ticket_notes: [{ id: '6', ticket_id: '2', name: 'Sam Staff', email: 'sam@host.example', note: 'Lovelace is a VIP' }],
});

const ORIGINALS = [
  'Ada',
  'Lovelace',
  'ada@lovelace-works.com',
  'lovelace-works',
  '12 Analytical Row',
  'Camden',
  'EC1A 1BB',
  '2071234567',
  '198.51.100.23',
  '203.0.113.9',
  'S3cret!',
  'EPP-123',
  'adalove',
  'Pays late',
  'renew by hand',
  'Sam Staff',
  'sam@host.example',
  'static-23',
];

t.test('no original personal value is left anywhere, the country and state stay', async (t) => {
  const out = anonymize(world());
  const text = JSON.stringify(out);
  for (const original of ORIGINALS) t.notOk(text.includes(original), `${original} is gone`);
  const c = out.clients[0];
  t.equal(c.country, 'GB');
  t.equal(c.state, 'Greater London', 'tax rules are chosen by state');
  t.equal(c.credit, '0.00', 'business values stay');
  t.equal(c.address2, '', 'an empty field stays empty');
  t.match(String(c.email), /^[a-z]+\.[a-z]+\.7@example\.com$/, 'an e-mail unique by the client id');
  t.match(String(c.postcode), /^[A-Z]{2}\d[A-Z] \d[A-Z]{2}$/, 'a postcode keeps its shape');
  t.match(String(c.phonenumber), /^\+44\.\d{10}$/, 'a phone keeps its country code');
  t.match(String(out.domains[0].name), /^[a-z]+-[0-9a-f]{6}\.com$/, 'a domain keeps its TLD');
});

t.test('the same value is replaced the same way everywhere, and the same each run', async (t) => {
  const out = anonymize(world());
  t.strictSame(anonymize(world()), out, 'deterministic');
  const c = out.clients[0];
  const name = `${c.firstname} ${c.lastname}`;
  t.equal(out.tickets[0].name, name, "the ticket's opener is the client's new name");
  t.equal(out.tickets[0].email, c.email);
  t.equal(out.accounts[0].domain, out.domains[0].name, "a service's domain is the domain's new name");
  const line = (out.invoices[0].items as unknown as Row[])[0].description;
  t.equal(line, `Domain ${out.domains[0].name} - 1 year`, 'invoice lines name the new domain');
  t.equal(out.invoices[0].notes, `for ${name}`);
  t.equal(out.tickets[0].body, `Hi, ${c.firstname} here. ${c.email} cannot log in.`, 'free text: the same replacements');
  t.equal(out.ticket_notes[0].note, `${c.lastname} is a VIP`);
});

t.test('replacements: from a hash of the value, whole words only', async (t) => {
  t.equal(anonymousClient(client).firstname, anonymousClient({ ...client, id: '8' }).firstname, 'the same name gives the same name');
  t.not(anonymousClient(client).email, anonymousClient({ ...client, id: '8' }).email, 'e-mails stay unique');
  t.equal(sameShape('p', 'AB-12 c'), sameShape('p', 'AB-12 c'));
  t.match(sameShape('p', 'AB-12 c'), /^[A-Z]{2}-\d{2} [a-z]$/);
  t.equal(domainName('shop.co.uk').endsWith('.co.uk'), true);
  const replace = replacer(
    new Map([
      ['Ann', 'Zoe'],
      ['Al', 'Bo'],
    ]),
  );
  t.equal(replace('Ann, Annabel and ANN; Al stays'), 'Zoe, Annabel and Zoe; Al stays', 'whole words, any case, 3 characters at least');
});
