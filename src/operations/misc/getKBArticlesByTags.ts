import { defineOperation } from '../operation.js';
import { kbArticlesTagged } from '../../domain/knowledgebase.js';
import type { GetKBArticlesByTagsRequest, GetKBArticlesByTagsResult } from '../../generated/wire.js';

export default defineOperation<GetKBArticlesByTagsRequest, GetKBArticlesByTagsResult>({
  mutates: false,
  run({ tag }, { world }) {
    return { articles: kbArticlesTagged(world, tag) };
  },
});
