import t from 'tap';
import { build } from '../../helpers/app.js';
import { idRefusals, refusals } from '../../helpers/refusals.js';
import { NO_CYCLES, NO_SETUP } from '../../helpers/records.js';
import { read, readEverywhere } from '../../helpers/reads.js';
import { keyOrder } from '../../helpers/shapes.js';

const CALL = 'getAddonDetails';

const DDOS = {
  id: '4',
  products: ['', '8', '9', '10', '11', '12'],
  name: 'DDoS Protection',
  description: 'Always-on network filtering up to 500 Gbps.',
  visible: '1',
  unique: '1',
  taxable: '1',
  system: '0',
  hidden: '0',
  autosetup: '1',
  sort_order: '4',
  rel: 'Addon',
  paytype: 'Regular',
  ...NO_SETUP,
  m_setup: '25.00',
  q_setup: '25.00',
  s_setup: '25.00',
  a_setup: '25.00',
  ...NO_CYCLES,
  m: '10.00',
  q: '28.50',
  s: '54.00',
  a: '102.00',
  tag_name: 'DDoS Protection',
  tag_description: 'Always-on network filtering up to 500 Gbps.',
  module: 'class.ddosguard.php',
  parentmod: '',
  parentactive: '1',
  modulename: 'DDoS Guard',
};

t.test('getAddonDetails answers the published fields in order, products as the split of the stored list', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, CALL, { id: '4' });
  t.strictSame(result, { addon: DDOS });
  keyOrder(
    t,
    result.addon,
    [
      'id products name description visible unique taxable system hidden autosetup sort_order rel paytype',
      'm_setup q_setup s_setup a_setup b_setup t_setup p4_setup p5_setup d_setup w_setup h_setup m q s a b t p4 p5 d w h',
      'tag_name tag_description module parentmod parentactive modulename',
    ].join(' '),
  );
});

t.test('an addon offered with every product, a one-time and a free one', async (t) => {
  const app = await build(t);
  const backup = (await read(t, app, CALL, { id: '2' })).addon as Record<string, unknown>;
  t.strictSame(backup.products, [''], 'no product listed: only the leading ""');
  const install = (await read(t, app, CALL, { id: '5' })).addon as Record<string, unknown>;
  t.strictSame([install.paytype, install.m, install.module, install.modulename], ['Once', '25.00', '', '']);
  const spam = (await read(t, app, CALL, { id: '6', language_id: '2' })).addon as Record<string, unknown>;
  t.strictSame([spam.paytype, spam.m], ['Free', '0.00'], 'an unknown language_id is ignored');
});

t.test('getAddonDetails converts prices and setup fees with currency_id, as getProductDetails does', async (t) => {
  const app = await build(t);
  // EUR 0.9215: 25.00 -> 23.0375 -> 23.04; 10.00 -> 9.215 -> 9.22; 28.50 -> 26.26275 -> 26.26; 54.00 -> 49.76; 102.00 -> 93.99.
  const eur = await readEverywhere(t, app, CALL, { id: '4', currency_id: '1' });
  t.strictSame(eur.addon, {
    ...DDOS,
    m_setup: '23.04',
    q_setup: '23.04',
    s_setup: '23.04',
    a_setup: '23.04',
    m: '9.22',
    q: '26.26',
    s: '49.76',
    a: '93.99',
  });
  t.strictSame((await read(t, app, CALL, { id: '4', currency_id: '0' })).addon, DDOS, 'the main currency keeps the stored prices');
});

refusals('a missing, malformed or unknown addon or currency is refused', CALL, [
  ...idRefusals('Addon', 'ddos'),
  [{ id: '4', currency_id: 'eur' }, 'Parameter currency_id must be 0 or a positive whole number id'],
  [{ id: '4', currency_id: '9' }, 'Currency 9 not found'],
]);
