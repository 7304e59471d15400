// The registry of the customer's door: one entry per route, under the name its
// schema file has (schemas/userapi/<group>/<name>.json, the name made from the
// route by userApiRouteName). Each module's default export is its route.
import type { AnyRoute } from './route.js';
import getDetails from './account/getDetails.js';
import getLogs from './account/getLogs.js';
import putDetails from './account/putDetails.js';
import deleteTokensId from './auth/deleteTokensId.js';
import getTokens from './auth/getTokens.js';
import postLogin from './auth/postLogin.js';
import postLogout from './auth/postLogout.js';
import postMfaVerify from './auth/postMfaVerify.js';
import postRevoke from './auth/postRevoke.js';
import postToken from './auth/postToken.js';
import postTokens from './auth/postTokens.js';
import getBalance from './billing/getBalance.js';
import getInvoice from './billing/getInvoice.js';
import getInvoiceId from './billing/getInvoiceId.js';
import getPayment from './billing/getPayment.js';
import getPaymentFees from './billing/getPaymentFees.js';
import postInvoiceIdCredit from './billing/postInvoiceIdCredit.js';
import getContact from './contacts/getContact.js';
import getContactId from './contacts/getContactId.js';
import getContactPrivileges from './contacts/getContactPrivileges.js';
import postContact from './contacts/postContact.js';
import putContactId from './contacts/putContactId.js';
import getKnowledgebase from './content/getKnowledgebase.js';
import getKnowledgebaseArticleId from './content/getKnowledgebaseArticleId.js';
import getKnowledgebaseCategoryId from './content/getKnowledgebaseCategoryId.js';
import getNews from './content/getNews.js';
import getNewsId from './content/getNewsId.js';
import getNotifications from './notifications/getNotifications.js';
import getNotificationsNew from './notifications/getNotificationsNew.js';
import putNotificationsIdAck from './notifications/putNotificationsIdAck.js';
import getService from './services/getService.js';
import getServiceId from './services/getServiceId.js';
import getServiceIdAddon from './services/getServiceIdAddon.js';
import getServiceIdCycle from './services/getServiceIdCycle.js';
import getServiceIdLabel from './services/getServiceIdLabel.js';
import getServiceIdMethods from './services/getServiceIdMethods.js';
import getServiceIdUpgrade from './services/getServiceIdUpgrade.js';
import getServiceOrderOrderNum from './services/getServiceOrderOrderNum.js';
import postServiceIdAddon from './services/postServiceIdAddon.js';
import postServiceIdCancel from './services/postServiceIdCancel.js';
import postServiceIdCycle from './services/postServiceIdCycle.js';
import postServiceIdLabel from './services/postServiceIdLabel.js';
import postServiceIdRenew from './services/postServiceIdRenew.js';
import postServiceIdUpgrade from './services/postServiceIdUpgrade.js';
import getTicketAttachmentFile from './support/getTicketAttachmentFile.js';
import getTicketDepartments from './support/getTicketDepartments.js';
import getTickets from './support/getTickets.js';
import getTicketsNumber from './support/getTicketsNumber.js';
import postTickets from './support/postTickets.js';
import postTicketsNumber from './support/postTicketsNumber.js';
import putTicketsNumberClose from './support/putTicketsNumberClose.js';
import putTicketsNumberOpen from './support/putTicketsNumberOpen.js';

export const routes: Readonly<Record<string, AnyRoute>> = {
  deleteTokensId,
  getBalance,
  getContact,
  getContactId,
  getContactPrivileges,
  getDetails,
  getInvoice,
  getInvoiceId,
  getKnowledgebase,
  getKnowledgebaseArticleId,
  getKnowledgebaseCategoryId,
  getLogs,
  getNews,
  getNewsId,
  getNotifications,
  getNotificationsNew,
  getPayment,
  getPaymentFees,
  getService,
  getServiceId,
  getServiceIdAddon,
  getServiceIdCycle,
  getServiceIdLabel,
  getServiceIdMethods,
  getServiceIdUpgrade,
  getServiceOrderOrderNum,
  getTicketAttachmentFile,
  getTicketDepartments,
  getTickets,
  getTicketsNumber,
  getTokens,
  postContact,
  postInvoiceIdCredit,
  postLogin,
  postLogout,
  postMfaVerify,
  postRevoke,
  postServiceIdAddon,
  postServiceIdCancel,
  postServiceIdCycle,
  postServiceIdLabel,
  postServiceIdRenew,
  postServiceIdUpgrade,
  postTickets,
  postTicketsNumber,
  postToken,
  postTokens,
  putContactId,
  putDetails,
  putNotificationsIdAck,
  putTicketsNumberClose,
  putTicketsNumberOpen,
};
