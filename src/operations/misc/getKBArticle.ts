import { defineOperation } from '../operation.js';
import { kbArticleDetails, requireKbArticle } from '../../domain/knowledgebase.js';
import type { GetKBArticleRequest, GetKBArticleResult } from '../../generated/wire.js';

export default defineOperation<GetKBArticleRequest, GetKBArticleResult>({
  mutates: false,
  run({ id }, { world }) {
    return { article: kbArticleDetails(requireKbArticle(world, id)) };
  },
});
