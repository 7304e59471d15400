import { defineOperation } from '../operation.js';
import { kbCategoryList } from '../../domain/knowledgebase.js';
import type { GetKBCategoriesRequest, GetKBCategoriesResult } from '../../generated/wire.js';

export default defineOperation<GetKBCategoriesRequest, GetKBCategoriesResult>({
  mutates: false,
  // brand_id is accepted and ignored: billsim has no multibrand module.
  run({ cid, with_subcategories }, { world }) {
    return { categories: { categories: kbCategoryList(world, cid, with_subcategories === '1') } };
  },
});
