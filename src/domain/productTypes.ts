// The product types (getProductTypes): the ids a product's `type` and an order
// page's `ptype_id` hold, and that addProduct and editProduct take as `type`.
// In HostBill the list is an installation's own (modules add types); billsim
// simulates one installation, so the list is one constant every world shares,
// and the bundled world's products and order pages use these ids.
import type { ProductType } from '../generated/wire.js';
import { fail, messages } from '../errors.js';

/**
 * Ids 1 to 12 and the name of 13 are the vendor's published sample, in its
 * order (id 8 is missing there too). The rest is inferred: 13's `lptype` is
 * its name in lower case, as in every readable item, and 14 is the type of
 * billsim's cloud servers (the OnApp module's), listed after the published ones.
 */
export const PRODUCT_TYPES: readonly ProductType[] = [
  { id: '1', type: 'Shared', lptype: 'shared' },
  { id: '2', type: 'Reseller', lptype: 'reseller' },
  { id: '3', type: 'Dedicated', lptype: 'dedicated' },
  { id: '4', type: 'Server', lptype: 'server' },
  { id: '5', type: 'Other', lptype: 'other' },
  { id: '6', type: 'Colocation', lptype: 'colocation' },
  { id: '7', type: 'Marketing', lptype: 'marketing' },
  { id: '9', type: 'DomainsType', lptype: 'domainstype' },
  { id: '10', type: 'bundles', lptype: 'bundles' },
  { id: '11', type: 'ssltype', lptype: 'ssltype' },
  { id: '12', type: 'InternetServices', lptype: 'internetservices' },
  { id: '13', type: 'dnsservice', lptype: 'dnsservice' },
  { id: '14', type: 'onappcloud', lptype: 'onappcloud' },
];

/**
 * The type of domain TLDs (products with paytype DomainRegular). The published
 * list leaves id 8 out, so getProductTypes does too and addProduct/editProduct
 * do not take it: a TLD is made by copying one (bulkAddProducts).
 */
export const TLD_TYPE = { id: '8', type: 'Domain', lptype: 'domain' } as const;

const byId = new Map(PRODUCT_TYPES.map((row) => [row.id, row]));

/** The listed type `id` names; refused with the ids to choose from when it names none (a name such as "hosting" included). */
export function productTypeOrThrow(id: string): ProductType {
  return (
    byId.get(id) ??
    fail(
      messages.productTypeUnknown(
        id,
        PRODUCT_TYPES.map((row) => `${row.id} (${row.type})`),
      ),
    )
  );
}
