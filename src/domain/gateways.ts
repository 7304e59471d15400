// Payment gateways (HostBill's payment modules): which one a payment or an
// invoice may name, and the display name lists show.
import type { Gateway } from '../generated/wire.js';
import { fail, messages, notFound } from '../errors.js';
import type { View } from '../store/world.js';

/** A payment gateway's display name ("" when the id is "0" or unknown), as invoices and transactions show it. */
export function gatewayName(world: View, gatewayId: string): string {
  return world.get('gateways', gatewayId)?.name ?? '';
}

/** A gateway an invoice or payment can name: it must exist and be enabled. `param` is the parameter that named it, for the refusal. */
export function requireEnabledGateway(world: View, id: string, param = 'payment_module'): Gateway {
  const gateway = world.get('gateways', id) ?? notFound('Gateway', id);
  if (gateway.enabled !== '1') fail(messages.gatewayDisabled(id, gateway.name, param));
  return gateway;
}

/** The gateway a new invoice or order gets when none is named: the first enabled one ("0", no gateway, when none is). */
export function defaultGatewayId(world: View): string {
  return world.all('gateways').find((g) => g.enabled === '1')?.id ?? '0';
}

/** The gateways a client may pay with, in id order: the enabled ones (getPaymentModules, GET /api/payment). */
export function enabledGateways(world: View): Gateway[] {
  return world.all('gateways').filter((g) => g.enabled === '1');
}

/** A gateway's surcharge (GET /api/payment/fees): gateway records keep none (a payment's fee is what the payment says), so every gateway charges none. */
export const GATEWAY_FEES = { fixed_fee: '0.00', percent_fee: '0' } as const;
