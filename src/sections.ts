// The API's own sections, in the order the vendor's documentation lists them.
// A call belongs to the section whose folder holds its schema
// (schemas/operations/<section>/<call>.json); its code and tests sit in the
// folders of the same name. The README reference and the OpenAPI tags both
// read the sections from here.
export const SECTIONS = [
  { id: 'clients', title: 'Clients' },
  { id: 'invoices', title: 'Invoices' },
  { id: 'orders', title: 'Orders' },
  { id: 'accounts', title: 'Accounts' },
  { id: 'domains', title: 'Domains' },
  { id: 'tickets', title: 'Tickets' },
  { id: 'services', title: 'Services and catalogue' },
  { id: 'estimates', title: 'Estimates' },
  { id: 'affiliates', title: 'Affiliates' },
  { id: 'misc', title: 'Misc' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];

export function isSection(id: string): id is SectionId {
  return SECTIONS.some((s) => s.id === id);
}
