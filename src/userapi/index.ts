// The registry of the customer's door: one entry per route, under the name its
// schema file has (schemas/userapi/<group>/<name>.json, the name made from the
// route by userApiRouteName). Each module's default export is its route.
import type { AnyRoute } from './route.js';
import getDetails from './account/getDetails.js';
import deleteTokensId from './auth/deleteTokensId.js';
import getTokens from './auth/getTokens.js';
import postLogin from './auth/postLogin.js';
import postLogout from './auth/postLogout.js';
import postMfaVerify from './auth/postMfaVerify.js';
import postRevoke from './auth/postRevoke.js';
import postToken from './auth/postToken.js';
import postTokens from './auth/postTokens.js';
import getKnowledgebase from './content/getKnowledgebase.js';
import getKnowledgebaseArticleId from './content/getKnowledgebaseArticleId.js';
import getKnowledgebaseCategoryId from './content/getKnowledgebaseCategoryId.js';
import getNews from './content/getNews.js';
import getNewsId from './content/getNewsId.js';
import getNotifications from './notifications/getNotifications.js';
import getNotificationsNew from './notifications/getNotificationsNew.js';
import putNotificationsIdAck from './notifications/putNotificationsIdAck.js';

export const routes: Readonly<Record<string, AnyRoute>> = {
  deleteTokensId,
  getDetails,
  getKnowledgebase,
  getKnowledgebaseArticleId,
  getKnowledgebaseCategoryId,
  getNews,
  getNewsId,
  getNotifications,
  getNotificationsNew,
  getTokens,
  postLogin,
  postLogout,
  postMfaVerify,
  postRevoke,
  postToken,
  postTokens,
  putNotificationsIdAck,
};
