import { defineRead } from '../route.js';
import { doorNotFound } from '../../errors.js';
import { shownKbCategory } from '../../domain/knowledgebase.js';
import type { UserApiGetKnowledgebaseCategoryIdAnswer, UserApiGetKnowledgebaseCategoryIdInput } from '../../generated/wire.js';

export default defineRead<UserApiGetKnowledgebaseCategoryIdInput, UserApiGetKnowledgebaseCategoryIdAnswer>({
  run({ category_id }, { world, caller }) {
    return shownKbCategory(world, category_id, caller !== undefined) ?? doorNotFound('Knowledgebase category', category_id);
  },
});
