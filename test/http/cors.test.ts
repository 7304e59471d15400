// Browsers on other origins, including public ones calling billsim on localhost.
import t from 'tap';
import { build } from '../helpers/app.js';

const preflight = (origin: string, privateNetwork: boolean) => ({
  method: 'OPTIONS' as const,
  url: '/admin/api.php',
  headers: {
    origin,
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'content-type',
    ...(privateNetwork ? { 'access-control-request-private-network': 'true' } : {}),
  },
});

t.test('a Private Network Access preflight from an allowed origin is allowed', async (t) => {
  const app = await build(t, { cors: ['https://app.example.com'] });
  const answer = await app.inject(preflight('https://app.example.com', true));
  t.equal(answer.statusCode, 204);
  t.match(answer.headers, {
    'access-control-allow-origin': 'https://app.example.com',
    'access-control-allow-private-network': 'true',
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  });

  const anyOrigin = await build(t);
  const open = await anyOrigin.inject(preflight('https://public.example.org', true));
  t.equal(open.headers['access-control-allow-private-network'], 'true', 'with the default (any origin) too');
});

t.test('no permission for an origin that is not allowed, nor for a plain preflight', async (t) => {
  const app = await build(t, { cors: ['https://app.example.com'] });
  const other = await app.inject(preflight('https://evil.example.net', true));
  t.equal(other.headers['access-control-allow-origin'], undefined);
  t.equal(other.headers['access-control-allow-private-network'], undefined);
  const plain = await app.inject(preflight('https://app.example.com', false));
  t.equal(plain.statusCode, 204);
  t.equal(plain.headers['access-control-allow-origin'], 'https://app.example.com');
  t.equal(plain.headers['access-control-allow-private-network'], undefined, 'only asked-for permission is given');
  const get = await app.inject({
    url: '/admin/api.php?call=getCurrencies',
    headers: { origin: 'https://app.example.com', 'access-control-request-private-network': 'true' },
  });
  t.equal(get.headers['access-control-allow-private-network'], undefined, 'only on a preflight');
});
