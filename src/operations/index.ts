// The registry: one entry per call, named exactly as the call. Each module's
// default export is its operation; its schema is schemas/operations/<section>/<call>.json.
import addEstimate from './estimates/addEstimate.js';
import addEstimateLine from './estimates/addEstimateLine.js';
import bulkSetPrices from './services/bulkSetPrices.js';
import clearOrderDraftItems from './orders/clearOrderDraftItems.js';
import convertEstimateToInvoice from './estimates/convertEstimateToInvoice.js';
import deleteEstimate from './estimates/deleteEstimate.js';
import domainSynch from './domains/domainSynch.js';
import removeOrderDraftDiscount from './orders/removeOrderDraftDiscount.js';
import sendEstimate from './estimates/sendEstimate.js';
import setEstimateStatus from './estimates/setEstimateStatus.js';
import type { AnyOperation } from './operation.js';
import accountCreate from './accounts/accountCreate.js';
import accountModuleSSO from './accounts/accountModuleSSO.js';
import accountSuspend from './accounts/accountSuspend.js';
import accountTerminate from './accounts/accountTerminate.js';
import accountUnsuspend from './accounts/accountUnsuspend.js';
import addAddonToAccount from './accounts/addAddonToAccount.js';
import addClient from './clients/addClient.js';
import addClientContact from './clients/addClientContact.js';
import addClientCredit from './clients/addClientCredit.js';
import addClientCreditCard from './clients/addClientCreditCard.js';
import editClientCreditCard from './clients/editClientCreditCard.js';
import getClientEmails from './clients/getClientEmails.js';
import getClientFiles from './clients/getClientFiles.js';
import addClientFile from './clients/addClientFile.js';
import addClientGuest from './clients/addClientGuest.js';
import deleteClientFile from './clients/deleteClientFile.js';
import getClientStats from './clients/getClientStats.js';
import getClientTransactions from './clients/getClientTransactions.js';
import addCreditReceipt from './invoices/addCreditReceipt.js';
import addInvoice from './invoices/addInvoice.js';
import addInvoiceItem from './invoices/addInvoiceItem.js';
import addInvoicePayment from './invoices/addInvoicePayment.js';
import addTransaction from './invoices/addTransaction.js';
import addLanguageLines from './misc/addLanguageLines.js';
import addOrder from './orders/addOrder.js';
import addOrderDraftItem from './orders/addOrderDraftItem.js';
import addTicket from './tickets/addTicket.js';
import addTicketDept from './tickets/addTicketDept.js';
import addTicketNotes from './tickets/addTicketNotes.js';
import addTicketReply from './tickets/addTicketReply.js';
import applyInvoiceCredit from './invoices/applyInvoiceCredit.js';
import bulkAddProducts from './services/bulkAddProducts.js';
import changeAccountPackage from './accounts/changeAccountPackage.js';
import chargeCreditCard from './invoices/chargeCreditCard.js';
import convertOrderDraft from './orders/convertOrderDraft.js';
import createOrderDraft from './orders/createOrderDraft.js';
import deleteClient from './clients/deleteClient.js';
import deleteClientContact from './clients/deleteClientContact.js';
import deleteInvoice from './invoices/deleteInvoice.js';
import deleteOrder from './orders/deleteOrder.js';
import deleteProduct from './services/deleteProduct.js';
import deleteTicket from './tickets/deleteTicket.js';
import domainCheck from './domains/domainCheck.js';
import domainDelete from './domains/domainDelete.js';
import domainDeleteHB from './domains/domainDeleteHB.js';
import domainEPP from './domains/domainEPP.js';
import domainRegister from './domains/domainRegister.js';
import domainRenew from './domains/domainRenew.js';
import domainTransfer from './domains/domainTransfer.js';
import editAccountDetails from './accounts/editAccountDetails.js';
import editClientGuestPermissions from './clients/editClientGuestPermissions.js';
import editContactPermissions from './clients/editContactPermissions.js';
import editEstimateDetails from './estimates/editEstimateDetails.js';
import editInvoiceDetails from './invoices/editInvoiceDetails.js';
import editOrderDraft from './orders/editOrderDraft.js';
import editOrderDraftItem from './orders/editOrderDraftItem.js';
import editProduct from './services/editProduct.js';
import addProduct from './services/addProduct.js';
import getAccountAddons from './accounts/getAccountAddons.js';
import getAccountDetails from './accounts/getAccountDetails.js';
import getAccounts from './accounts/getAccounts.js';
import getAddonDetails from './services/getAddonDetails.js';
import getAddons from './services/getAddons.js';
import getAPIMethods from './misc/getAPIMethods.js';
import getAppGroups from './services/getAppGroups.js';
import getAppServers from './services/getAppServers.js';
import getAffiliates from './affiliates/getAffiliates.js';
import getClientAccess from './clients/getClientAccess.js';
import getClientAccounts from './clients/getClientAccounts.js';
import getClientContact from './clients/getClientContact.js';
import getClientContacts from './clients/getClientContacts.js';
import getClientCreditLog from './clients/getClientCreditLog.js';
import getClientDetails from './clients/getClientDetails.js';
import getClientDomains from './clients/getClientDomains.js';
import getClientDraftOrders from './orders/getClientDraftOrders.js';
import getClientInvoices from './clients/getClientInvoices.js';
import getClientOrders from './clients/getClientOrders.js';
import getClients from './clients/getClients.js';
import getClientTickets from './clients/getClientTickets.js';
import getCurrencies from './misc/getCurrencies.js';
import getDomainDetails from './domains/getDomainDetails.js';
import getDomains from './domains/getDomains.js';
import getEstimateDetails from './estimates/getEstimateDetails.js';
import getEstimates from './estimates/getEstimates.js';
import getHostBillversion from './misc/getHostBillversion.js';
import getInvoiceDetails from './invoices/getInvoiceDetails.js';
import getInvoices from './invoices/getInvoices.js';
import getKBArticle from './misc/getKBArticle.js';
import getKBArticlesByTags from './misc/getKBArticlesByTags.js';
import getKBCategories from './misc/getKBCategories.js';
import getInvoicesPDF from './invoices/getInvoicesPDF.js';
import getNews from './misc/getNews.js';
import getNewsItem from './misc/getNewsItem.js';
import getOrderDetails from './orders/getOrderDetails.js';
import getOrderDraft from './orders/getOrderDraft.js';
import getOrderPages from './services/getOrderPages.js';
import getOrders from './orders/getOrders.js';
import getOtherPopularProducts from './services/getOtherPopularProducts.js';
import getPaymentModules from './misc/getPaymentModules.js';
import getPopularPredefinedReplies from './tickets/getPopularPredefinedReplies.js';
import getPredefinedReplies from './tickets/getPredefinedReplies.js';
import getPredefinedReply from './tickets/getPredefinedReply.js';
import getProductApplicableAddons from './services/getProductApplicableAddons.js';
import getProductDetails from './services/getProductDetails.js';
import getProducts from './services/getProducts.js';
import getProductUpgrades from './services/getProductUpgrades.js';
import getProductTypes from './services/getProductTypes.js';
import getServerDetails from './services/getServerDetails.js';
import getSubCategories from './services/getSubCategories.js';
import getTicketDepts from './tickets/getTicketDepts.js';
import getTicketDetails from './tickets/getTicketDetails.js';
import getTickets from './tickets/getTickets.js';
import getTransactionDetails from './invoices/getTransactionDetails.js';
import getTransactions from './invoices/getTransactions.js';
import meteredAddUsage from './accounts/meteredAddUsage.js';
import meteredAddUsageBulk from './accounts/meteredAddUsageBulk.js';
import meteredGetUsage from './accounts/meteredGetUsage.js';
import meteredGetVariables from './accounts/meteredGetVariables.js';
import module from './misc/module.js';
import orderConfigUpgrade from './orders/orderConfigUpgrade.js';
import orderUpgrade from './orders/orderUpgrade.js';
import productCloneSettings from './services/productCloneSettings.js';
import removeClientGuest from './clients/removeClientGuest.js';
import removeOrderDraft from './orders/removeOrderDraft.js';
import removeOrderDraftItem from './orders/removeOrderDraftItem.js';
import searchServiceByIP from './accounts/searchServiceByIP.js';
import searchServiceByIPLimited from './accounts/searchServiceByIPLimited.js';
import sendInvoice from './invoices/sendInvoice.js';
import sendMessage from './misc/sendMessage.js';
import sendMobileClientNotify from './misc/sendMobileClientNotify.js';
import sendMobileStaffNotify from './misc/sendMobileStaffNotify.js';
import setClientGuestStatus from './clients/setClientGuestStatus.js';
import setClientDetails from './clients/setClientDetails.js';
import setContactDetails from './clients/setContactDetails.js';
import setInvoiceStatus from './invoices/setInvoiceStatus.js';
import setOrderActive from './orders/setOrderActive.js';
import setOrderCancel from './orders/setOrderCancel.js';
import setOrderFraud from './orders/setOrderFraud.js';
import setOrderPending from './orders/setOrderPending.js';
import setOrderReferrer from './affiliates/setOrderReferrer.js';
import setOrderStatus from './orders/setOrderStatus.js';
import setTicketPriority from './tickets/setTicketPriority.js';
import setTicketStatus from './tickets/setTicketStatus.js';
import tokenizeClientCard from './clients/tokenizeClientCard.js';
import verifyAdminLogin from './misc/verifyAdminLogin.js';
import verifyClientLogin from './clients/verifyClientLogin.js';

export const operations: Readonly<Record<string, AnyOperation>> = {
  accountCreate,
  accountModuleSSO,
  accountSuspend,
  accountTerminate,
  accountUnsuspend,
  addAddonToAccount,
  addClient,
  addClientContact,
  addClientCredit,
  addClientCreditCard,
  editClientCreditCard,
  getClientEmails,
  getClientFiles,
  addClientFile,
  addClientGuest,
  deleteClientFile,
  getClientStats,
  getClientTransactions,
  addCreditReceipt,
  addEstimate,
  addEstimateLine,
  addInvoice,
  addInvoiceItem,
  addInvoicePayment,
  addTransaction,
  addLanguageLines,
  addOrder,
  addOrderDraftItem,
  addProduct,
  addTicket,
  addTicketDept,
  addTicketNotes,
  addTicketReply,
  applyInvoiceCredit,
  bulkAddProducts,
  bulkSetPrices,
  changeAccountPackage,
  chargeCreditCard,
  clearOrderDraftItems,
  convertEstimateToInvoice,
  convertOrderDraft,
  createOrderDraft,
  deleteClient,
  deleteClientContact,
  deleteEstimate,
  deleteInvoice,
  deleteOrder,
  deleteProduct,
  deleteTicket,
  domainCheck,
  domainDelete,
  domainDeleteHB,
  domainEPP,
  domainRegister,
  domainRenew,
  domainSynch,
  domainTransfer,
  editAccountDetails,
  editClientGuestPermissions,
  editContactPermissions,
  editEstimateDetails,
  editInvoiceDetails,
  editOrderDraft,
  editOrderDraftItem,
  editProduct,
  getAccountAddons,
  getAccountDetails,
  getAccounts,
  getAddonDetails,
  getAddons,
  getAPIMethods,
  getAppGroups,
  getAppServers,
  getAffiliates,
  getClientAccess,
  getClientAccounts,
  getClientContact,
  getClientContacts,
  getClientCreditLog,
  getClientDetails,
  getClientDomains,
  getClientDraftOrders,
  getClientInvoices,
  getClientOrders,
  getClients,
  getClientTickets,
  getCurrencies,
  getDomainDetails,
  getDomains,
  getEstimateDetails,
  getEstimates,
  getHostBillversion,
  getInvoiceDetails,
  getInvoices,
  getKBArticle,
  getKBArticlesByTags,
  getKBCategories,
  getInvoicesPDF,
  getNews,
  getNewsItem,
  getOrderDetails,
  getOrderDraft,
  getOrderPages,
  getOrders,
  getOtherPopularProducts,
  getPaymentModules,
  getPopularPredefinedReplies,
  getPredefinedReplies,
  getPredefinedReply,
  getProductApplicableAddons,
  getProductDetails,
  getProducts,
  getProductUpgrades,
  getProductTypes,
  getServerDetails,
  getSubCategories,
  getTicketDepts,
  getTicketDetails,
  getTickets,
  getTransactionDetails,
  getTransactions,
  meteredAddUsage,
  meteredAddUsageBulk,
  meteredGetUsage,
  meteredGetVariables,
  module,
  orderConfigUpgrade,
  orderUpgrade,
  productCloneSettings,
  removeClientGuest,
  removeOrderDraft,
  removeOrderDraftDiscount,
  removeOrderDraftItem,
  searchServiceByIP,
  searchServiceByIPLimited,
  sendEstimate,
  sendInvoice,
  sendMessage,
  sendMobileClientNotify,
  sendMobileStaffNotify,
  setClientGuestStatus,
  setClientDetails,
  setContactDetails,
  setEstimateStatus,
  setInvoiceStatus,
  setOrderActive,
  setOrderCancel,
  setOrderFraud,
  setOrderPending,
  setOrderReferrer,
  setOrderStatus,
  setTicketPriority,
  setTicketStatus,
  tokenizeClientCard,
  verifyAdminLogin,
  verifyClientLogin,
};
