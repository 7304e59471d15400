// Apps (HostBill's Settings -> Apps): app groups, the servers in them and the
// provisioning module each group runs, as the apps calls show them; which
// servers a product provisions on; and the control-panel single sign-on a
// service's module may offer.
import { createHash } from 'node:crypto';
import type { View } from '../store/world.js';
import type { Account, AppGroup, AppGroupItem, AppServerItem, Product, Server, ServerDetails } from '../generated/wire.js';
import { fail, messages, notFound } from '../errors.js';
import { OPEN_STATUSES } from './services.js';
import { pick } from './views.js';

export function requireAppGroup(world: View, id: string): AppGroup {
  return world.get('app_groups', id) ?? notFound('App group', id);
}

export function requireServer(world: View, id: string): Server {
  return world.get('servers', id) ?? notFound('Server', id);
}

/** A group as getAppGroups lists it: its module, and how many servers it holds. */
export function appGroupItem(world: View, group: AppGroup): AppGroupItem {
  return {
    ...pick(group, ['id', 'name', 'module', 'modulename'] as const),
    servers: String(world.where('servers', 'group_id', group.id).length),
  };
}

/** The services on a server that still exist at its module: what its capacity (max_accounts) is measured against. */
export function hostedServices(world: View, serverId: string): number {
  return world.where('accounts', 'server_id', serverId).filter((a) => OPEN_STATUSES.includes(a.status)).length;
}

/** A server as getAppServers lists it: no credentials, the group's module by name. */
export function appServerItem(world: View, server: Server, group: AppGroup): AppServerItem {
  return {
    ...pick(server, ['id', 'name', 'host', 'ip', 'max_accounts'] as const),
    accounts: String(hostedServices(world, server.id)),
    module: group.modulename,
    type: group.type,
    default: server.default,
  };
}

const HEAD = ['id', 'group_id', 'default', 'name', 'username', 'password', 'ip', 'host', 'status_url'] as const;
const ADDRESSES = ['ns1', 'ns2', 'ns3', 'ns4', 'ip1', 'ip2', 'ip3', 'ip4', 'max_accounts'] as const;
const TAIL = ['hash', 'secure', 'enable', 'field1', 'field2'] as const;

/** getServerDetails' `server`: every stored field in the published order, the group's module id and name joined in. */
export function serverDetails(world: View, server: Server): ServerDetails {
  const group = requireAppGroup(world, server.group_id);
  return {
    ...pick(server, HEAD),
    ...pick(server, ADDRESSES),
    default_module: group.module,
    ...pick(server, TAIL),
    group_name: group.name,
  };
}

/** The servers a product provisions on as getProductDetails shows them: PHP's array keyed by id ({"8": "8"}), [] for none. */
export function productServers(product: Product): Record<string, string> | never[] {
  return product.server.length === 0 ? [] : Object.fromEntries(product.server.map((id) => [id, id]));
}

// The provisioning modules (by the id products and app groups name them) whose
// control panel a client can be signed in to: cPanel, SolusVM and OnApp. An SSL
// certificate (GoGetSSL) has no panel to enter.
const SSO_MODULES: ReadonlySet<string> = new Set(['3', '5', '7']);

/** Why a service's module cannot sign its client in, if it cannot: no server, or a module without single sign-on. */
function ssoServerProblem(world: View, account: Account): string | undefined {
  if (account.server_id === '0') return messages.ssoNoServer(account.id);
  const server = world.get('servers', account.server_id);
  if (!server) return messages.notFound('Server', account.server_id);
  const group = requireAppGroup(world, server.group_id);
  if (!SSO_MODULES.has(group.module)) return messages.ssoNotOffered(account.id, server.id, group.name, group.modulename);
  return undefined;
}

/**
 * The link that signs the client of an Active service into its server's
 * control panel (accountModuleSSO). The token is a function of the service and
 * its server, so the same world gives the same link; every reason to refuse is
 * named at once.
 */
export function ssoLink(world: View, account: Account): string {
  const problems = [
    ...(account.status === 'Active' ? [] : [messages.ssoNeedsActive(account.id, account.status)]),
    ...[ssoServerProblem(world, account)].filter((problem) => problem !== undefined),
  ];
  if (problems.length > 0) fail(problems);
  const server = requireServer(world, account.server_id);
  const token = createHash('sha256').update(`billsim-sso:${account.id}:${account.username}:${server.id}`).digest('hex');
  return `https://${server.host || server.ip}?sso=${token}`;
}
