import { defineRead } from '../route.js';
import { customerCategories } from '../../domain/customerCatalogue.js';
import type { UserApiGetCategoryAnswer, UserApiGetCategoryInput } from '../../generated/wire.js';

export default defineRead<UserApiGetCategoryInput, UserApiGetCategoryAnswer>({
  run(_input, { world, caller }) {
    return { categories: customerCategories(world, caller !== undefined) };
  },
});
