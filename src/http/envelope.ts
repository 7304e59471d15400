/** The wire envelope: call's fields first, then call and server_time, then info (as the real API orders them). */
export function successEnvelope(call: string, now: Date, result: object): Record<string, unknown> {
  const { info, ...fields } = result as { info?: string[] } & Record<string, unknown>;
  const body: Record<string, unknown> = { success: true, ...fields, call, server_time: unixTime(now) };
  if (info !== undefined) body.info = info;
  return body;
}

export function errorEnvelope(call: string, now: Date, messages: string[]): Record<string, unknown> {
  return { success: false, call, server_time: unixTime(now), error: messages };
}

export function unixTime(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
