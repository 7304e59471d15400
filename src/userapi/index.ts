// The registry of the customer's door: one entry per route, under the name its
// schema file has (schemas/userapi/<group>/<name>.json, the name made from the
// route by userApiRouteName). Each module's default export is its route.
import type { AnyRoute } from './route.js';
import getDetails from './account/getDetails.js';
import getLogs from './account/getLogs.js';
import putDetails from './account/putDetails.js';
import getBalance from './billing/getBalance.js';
import getInvoice from './billing/getInvoice.js';
import getInvoiceId from './billing/getInvoiceId.js';
import getPayment from './billing/getPayment.js';
import getPaymentFees from './billing/getPaymentFees.js';
import postInvoiceIdCredit from './billing/postInvoiceIdCredit.js';
import deleteTokensId from './auth/deleteTokensId.js';
import getTokens from './auth/getTokens.js';
import postLogin from './auth/postLogin.js';
import postLogout from './auth/postLogout.js';
import postMfaVerify from './auth/postMfaVerify.js';
import postRevoke from './auth/postRevoke.js';
import postToken from './auth/postToken.js';
import postTokens from './auth/postTokens.js';

export const routes: Readonly<Record<string, AnyRoute>> = {
  deleteTokensId,
  getBalance,
  getDetails,
  getInvoice,
  getInvoiceId,
  getLogs,
  getPayment,
  getPaymentFees,
  getTokens,
  postInvoiceIdCredit,
  postLogin,
  postLogout,
  postMfaVerify,
  postRevoke,
  postToken,
  postTokens,
  putDetails,
};
