import type { Call } from './measure.js';

/** The calls the benchmark loads, each sent by GET and by urlencoded POST. */
export const CALLS: Call[] = [
  { name: 'getCurrencies', params: {}, mutates: false },
  { name: 'getInvoiceDetails', params: { id: '1' }, mutates: false },
  { name: 'getTransactions', params: { page: '0' }, mutates: false },
  { name: 'getProducts', params: { id: '1' }, mutates: false },
  { name: 'editEstimateDetails', params: { id: '1', subject: 'bench' }, mutates: true },
  // Every request adds a product named bench, bench(2), ...: the collection grows during the run.
  { name: 'bulkAddProducts', params: { 'products[0][copyof]': '1', 'products[0][name]': 'bench' }, mutates: true, grows: true },
];
