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
import getService from './services/getService.js';
import getServiceId from './services/getServiceId.js';
import getServiceIdCycle from './services/getServiceIdCycle.js';
import getServiceIdLabel from './services/getServiceIdLabel.js';
import getServiceIdMethods from './services/getServiceIdMethods.js';
import getServiceOrderOrderNum from './services/getServiceOrderOrderNum.js';
import postServiceIdCancel from './services/postServiceIdCancel.js';
import postServiceIdCycle from './services/postServiceIdCycle.js';
import postServiceIdLabel from './services/postServiceIdLabel.js';
import postServiceIdRenew from './services/postServiceIdRenew.js';

export const routes: Readonly<Record<string, AnyRoute>> = {
  deleteTokensId,
  getDetails,
  getTokens,
  postLogin,
  postLogout,
  postMfaVerify,
  postRevoke,
  postToken,
  postTokens,
  getService,
  getServiceId,
  getServiceIdCycle,
  getServiceIdLabel,
  getServiceIdMethods,
  getServiceOrderOrderNum,
  postServiceIdCancel,
  postServiceIdCycle,
  postServiceIdLabel,
  postServiceIdRenew,
};
