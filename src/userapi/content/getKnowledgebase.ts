import { defineRead } from '../route.js';
import { shownKbCategories } from '../../domain/knowledgebase.js';
import type { UserApiGetKnowledgebaseAnswer, UserApiGetKnowledgebaseInput } from '../../generated/wire.js';

export default defineRead<UserApiGetKnowledgebaseInput, UserApiGetKnowledgebaseAnswer>({
  run(_input, { world }) {
    return { categories: shownKbCategories(world) };
  },
});
