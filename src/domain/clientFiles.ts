// Files on a client's profile (addClientFile): kept as ticket attachments are,
// by name and decoded size, never their content.
import { fail, messages, notFound } from '../errors.js';
import type { ClientFile, ClientFileItem } from '../generated/wire.js';
import { formatDate } from '../lib/dates.js';
import { base64Size, isFileName } from '../lib/files.js';
import type { View } from '../store/world.js';
import { pick } from './views.js';

/**
 * The stored name: the original behind a 6-digit prefix, as HostBill stores an
 * upload ("677403_invoice_edits_confirm.png"). The prefix is a function of the
 * id, so a replayed session stores the same names.
 */
export function storedFileName(id: string, filename: string): string {
  const prefix = Number((BigInt(id) * 677401n) % 900000n) + 100000;
  return `${prefix}_${filename}`;
}

export interface NewClientFile {
  clientId: string;
  data: string;
  name: string;
  filename: string;
  adminOnly: boolean;
  services: string[];
}

/**
 * A file record with the next id, every problem with the request found at once:
 * the content must be base64, the name a file name, each service the client's own.
 */
export function newClientFile(world: View, spec: NewClientFile, now: Date): ClientFile {
  const problems: string[] = [];
  const size = base64Size(spec.data);
  if (size === undefined) problems.push(messages.fileNotBase64());
  if (!isFileName(spec.filename)) problems.push(messages.fileName(spec.filename));
  for (const serviceId of spec.services) {
    const service = world.get('accounts', serviceId);
    if (!service) problems.push(messages.notFound('Account', serviceId));
    else if (service.client_id !== spec.clientId) problems.push(messages.serviceOfOther(serviceId, service.client_id, spec.clientId));
  }
  if (problems.length > 0) fail(problems);
  const id = world.nextId('client_files');
  return {
    id,
    category_id: '0',
    filename: storedFileName(id, spec.filename),
    name: spec.name,
    description: '',
    size: String(size),
    uploaded: formatDate(now),
    product_id: '0',
    downloads: '0',
    clients: spec.adminOnly ? '0' : '1',
    client_id: spec.clientId,
    services: [...new Set(spec.services)],
  };
}

/** File `fileId`, which must be client `clientId`'s. */
export function requireClientFile(world: View, clientId: string, fileId: string): ClientFile {
  const file = world.get('client_files', fileId) ?? notFound('File', fileId);
  if (file.client_id !== clientId) fail(messages.fileOfOther(fileId, file.client_id, clientId));
  return file;
}

const ITEM_KEYS = [
  'id',
  'category_id',
  'filename',
  'name',
  'description',
  'size',
  'uploaded',
  'product_id',
  'downloads',
  'clients',
  'client_id',
] as const satisfies ReadonlyArray<keyof ClientFileItem>;

/** A file as getClientFiles lists it: the published keys in their order, without billsim's `services`. */
export function clientFileItem(file: ClientFile): ClientFileItem {
  return pick(file, ITEM_KEYS);
}
