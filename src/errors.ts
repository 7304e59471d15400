// The one catalogue of every message the API answers with. Messages name the
// parameter or record and, where it helps, say what to do instead.

export class ApiError extends Error {
  readonly messages: string[];
  constructor(messages: string | string[]) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list.join('; '));
    this.messages = list;
  }
}

export const messages = {
  callMissing: () => 'Parameter call is required: name the API function to run, such as call=getCurrencies',
  callUnknown: (call: string) => `Unknown call "${call}": there is no API function with this name`,
  credentialsMissing: (name: string) => `Authentication failed: parameter ${name} is required`,
  credentialsInvalid: () => 'Authentication failed: invalid api_id or api_key',
  ipNotAllowed: (ip: string) => `Authentication failed: client IP ${ip} is not on the allow-list of this API key`,
  callNotAllowed: (call: string) => `Access denied: call ${call} is not enabled for this API key`,
  sessionInvalid: () => 'Header x-billsim-session must be 1-64 characters of A-Z, a-z, 0-9, ".", "_" or "-"',
  paramRequired: (name: string) => `Parameter ${name} is required`,
  paramInvalid: (name: string, expected: string) => `Parameter ${name} must be ${expected}`,
  paramUnknownValue: (name: string, allowed: readonly string[]) => `Parameter ${name} must be one of: ${allowed.join(', ')}`,
  notFound: (resource: string, id: string) => `${resource} ${id} not found`,
  bodyTooLarge: (limit: number) => `Request body is larger than the limit of ${limit} bytes`,
  bodyMalformed: (detail: string) => `Request body could not be read: ${detail}`,
  paramsTooComplex: () => 'Request parameters are nested or repeated beyond the supported limits',
  internal: () => 'Internal simulator error: the request was not applied',
  simulatedFault: (status: number) => `Simulated failure (HTTP ${status}) injected through /__billsim/faults`,
} as const;

export function fail(message: string | string[]): never {
  throw new ApiError(message);
}

export function notFound(resource: string, id: string): never {
  throw new ApiError(messages.notFound(resource, id));
}
