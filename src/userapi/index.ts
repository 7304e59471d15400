// The registry of the customer's door: one entry per route, under the name its
// schema file has (schemas/userapi/<group>/<name>.json, the name made from the
// route by userApiRouteName). Each module's default export is its route.
import type { AnyRoute } from './route.js';
import getDetails from './account/getDetails.js';
import getLogs from './account/getLogs.js';
import putDetails from './account/putDetails.js';
import getAffiliatesCommissions from './affiliates/getAffiliatesCommissions.js';
import getAffiliatesPayouts from './affiliates/getAffiliatesPayouts.js';
import getAffiliatesSummary from './affiliates/getAffiliatesSummary.js';
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
import deleteDomainIdDnsIndex from './domains/deleteDomainIdDnsIndex.js';
import getDomain from './domains/getDomain.js';
import getDomainId from './domains/getDomainId.js';
import getDomainIdAutorenew from './domains/getDomainIdAutorenew.js';
import getDomainIdContact from './domains/getDomainIdContact.js';
import getDomainIdDns from './domains/getDomainIdDns.js';
import getDomainIdDnsTypes from './domains/getDomainIdDnsTypes.js';
import getDomainIdEpp from './domains/getDomainIdEpp.js';
import getDomainIdNs from './domains/getDomainIdNs.js';
import getDomainIdReglock from './domains/getDomainIdReglock.js';
import getDomainIdSync from './domains/getDomainIdSync.js';
import getDomainNameName from './domains/getDomainNameName.js';
import getDomainOrder from './domains/getDomainOrder.js';
import getWhoisDomain from './domains/getWhoisDomain.js';
import postDomainIdDns from './domains/postDomainIdDns.js';
import postDomainIdRenew from './domains/postDomainIdRenew.js';
import postDomainLookup from './domains/postDomainLookup.js';
import postDomainOrder from './domains/postDomainOrder.js';
import putDomainIdAutorenew from './domains/putDomainIdAutorenew.js';
import putDomainIdContact from './domains/putDomainIdContact.js';
import putDomainIdDnsIndex from './domains/putDomainIdDnsIndex.js';
import putDomainIdIdprotection from './domains/putDomainIdIdprotection.js';
import putDomainIdNs from './domains/putDomainIdNs.js';
import putDomainIdReglock from './domains/putDomainIdReglock.js';
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
import getCategory from './store/getCategory.js';
import getCategoryCategoryIdProduct from './store/getCategoryCategoryIdProduct.js';
import getOrderProductId from './store/getOrderProductId.js';
import postOrder from './store/postOrder.js';
import postOrderProductId from './store/postOrderProductId.js';
import postPasswordreset from './store/postPasswordreset.js';
import postQuote from './store/postQuote.js';
import postSignup from './store/postSignup.js';
import getTicketAttachmentFile from './support/getTicketAttachmentFile.js';
import getTicketDepartments from './support/getTicketDepartments.js';
import getTickets from './support/getTickets.js';
import getTicketsNumber from './support/getTicketsNumber.js';
import postTickets from './support/postTickets.js';
import postTicketsNumber from './support/postTicketsNumber.js';
import putTicketsNumberClose from './support/putTicketsNumberClose.js';
import putTicketsNumberOpen from './support/putTicketsNumberOpen.js';

export const routes: Readonly<Record<string, AnyRoute>> = {
  deleteDomainIdDnsIndex,
  deleteTokensId,
  getAffiliatesCommissions,
  getAffiliatesPayouts,
  getAffiliatesSummary,
  getBalance,
  getCategory,
  getCategoryCategoryIdProduct,
  getContact,
  getContactId,
  getContactPrivileges,
  getDetails,
  getDomain,
  getDomainId,
  getDomainIdAutorenew,
  getDomainIdContact,
  getDomainIdDns,
  getDomainIdDnsTypes,
  getDomainIdEpp,
  getDomainIdNs,
  getDomainIdReglock,
  getDomainIdSync,
  getDomainNameName,
  getDomainOrder,
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
  getOrderProductId,
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
  getWhoisDomain,
  postContact,
  postDomainIdDns,
  postDomainIdRenew,
  postDomainLookup,
  postDomainOrder,
  postInvoiceIdCredit,
  postLogin,
  postLogout,
  postMfaVerify,
  postOrder,
  postOrderProductId,
  postPasswordreset,
  postQuote,
  postRevoke,
  postServiceIdAddon,
  postServiceIdCancel,
  postServiceIdCycle,
  postServiceIdLabel,
  postServiceIdRenew,
  postServiceIdUpgrade,
  postSignup,
  postTickets,
  postTicketsNumber,
  postToken,
  postTokens,
  putContactId,
  putDetails,
  putDomainIdAutorenew,
  putDomainIdContact,
  putDomainIdDnsIndex,
  putDomainIdIdprotection,
  putDomainIdNs,
  putDomainIdReglock,
  putNotificationsIdAck,
  putTicketsNumberClose,
  putTicketsNumberOpen,
};
