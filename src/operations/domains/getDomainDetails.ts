import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { domainDetails } from '../../domain/billing.js';
import type { GetDomainDetailsRequest, GetDomainDetailsResult } from '../../generated/wire.js';

export default defineOperation<GetDomainDetailsRequest, GetDomainDetailsResult>({
  mutates: false,
  run({ id }, { db }) {
    const domain = db.get('domains', id) ?? notFound('Domain', id);
    return { details: domainDetails(db, domain) };
  },
});
