import t from 'tap';
import { createHash } from 'node:crypto';
import type { ApiError } from '../../src/errors.js';
import { appGroupItem, hostedServices, productServers, ssoLink } from '../../src/domain/apps.js';
import { world } from '../helpers/world.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Group 1 runs cPanel (module 3), group 2 GoGetSSL (module 9); server 1 is cPanel's, server 2 GoGetSSL's. */
function apps(services: Parameters<typeof world>[0]['services']) {
  return world({
    clients: [{}],
    products: [{}],
    app_groups: [{}, { name: 'GoGetSSL', module: '9', modulename: 'GoGetSSL', type: 'Other' }],
    servers: [{ host: 'panel.example.com' }, { group_id: '2', host: '', ip: '203.0.113.2' }],
    services,
  });
}

t.test("the link is the server's host and a token of the service, its login and its server", async (t) => {
  const w = apps([
    { server_id: '1', username: 'shop' },
    { server_id: '1', username: 'blog' },
  ]);
  t.equal(ssoLink(w, w.get('accounts', '1')!), `https://panel.example.com?sso=${sha256('billsim-sso:1:shop:1')}`);
  t.not(ssoLink(w, w.get('accounts', '2')!), ssoLink(w, w.get('accounts', '1')!));
});

t.test('which services are refused, and why, every reason at once', async (t) => {
  const w = apps([
    { server_id: '2', status: 'Active' },
    { server_id: '0', status: 'Suspended' },
    { server_id: '1', status: 'Pending' },
    { server_id: '7', status: 'Active' },
  ]);
  const refused = (id: string) => {
    try {
      ssoLink(w, w.get('accounts', id)!);
      return [];
    } catch (error) {
      return (error as ApiError).messages;
    }
  };
  t.strictSame(refused('1'), ['Account 1 runs on server 2 of app group GoGetSSL, whose module GoGetSSL offers no single sign-on']);
  t.strictSame(refused('2'), [
    'Account 2 is Suspended: only an Active service has a control panel to sign in to',
    'Account 2 runs on no server (server_id 0): set the server it is provisioned on with editAccountDetails first',
  ]);
  t.strictSame(refused('3'), ['Account 3 is Pending: only an Active service has a control panel to sign in to']);
  t.strictSame(refused('4'), ['Server 7 not found']);
});

t.test('groups count their servers, servers the services still open on them, products list theirs by id', async (t) => {
  const w = apps([
    { server_id: '1', status: 'Active' },
    { server_id: '1', status: 'Suspended' },
    { server_id: '1', status: 'Terminated' },
    { server_id: '1', status: 'Cancelled' },
    { server_id: '2', status: 'Pending' },
  ]);
  t.strictSame([appGroupItem(w, w.get('app_groups', '1')!).servers, appGroupItem(w, w.get('app_groups', '2')!).servers], ['1', '1']);
  t.strictSame([hostedServices(w, '1'), hostedServices(w, '2'), hostedServices(w, '3')], [2, 1, 0]);
  t.strictSame(productServers({ ...w.get('products', '1')!, server: ['4', '10'] }), { 4: '4', 10: '10' });
  t.strictSame(productServers(w.get('products', '1')!), []);
});
