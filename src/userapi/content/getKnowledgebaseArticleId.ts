import { defineRead } from '../route.js';
import { doorNotFound } from '../../errors.js';
import { articleShown, kbArticleDetails } from '../../domain/knowledgebase.js';
import type { UserApiGetKnowledgebaseArticleIdAnswer, UserApiGetKnowledgebaseArticleIdInput } from '../../generated/wire.js';

export default defineRead<UserApiGetKnowledgebaseArticleIdInput, UserApiGetKnowledgebaseArticleIdAnswer>({
  run({ id }, { world, caller }) {
    const article = world.get('kb_articles', id);
    if (!article || !articleShown(world, article, caller !== undefined)) doorNotFound('Knowledgebase article', id);
    return { article: kbArticleDetails(article) };
  },
});
